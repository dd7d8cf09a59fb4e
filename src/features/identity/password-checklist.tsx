import type { ComponentPropsWithRef } from "react";
import type { PasswordRule } from "./validation.ts";

export interface PasswordChecklistProps extends ComponentPropsWithRef<"ul"> {
  rules: readonly PasswordRule[];
}

/**
 * The project's password requirements, each marked met or not as the person types.
 * Each item says its state in words too (not only by colour or icon), and exposes
 * `data-met`; the list exposes `data-complete`.
 *
 * @example
 * <PasswordChecklist rules={passwordRules(status)} />
 */
export function PasswordChecklist({ rules, className, ...props }: PasswordChecklistProps) {
  return (
    <ul
      {...props}
      className={className ? `password-checklist ${className}` : "password-checklist"}
      data-complete={rules.length > 0 && rules.every((rule) => rule.met)}
    >
      {rules.map((rule) => (
        <li key={rule.id} className="password-checklist__item" data-met={rule.met}>
          <span aria-hidden="true" className="password-checklist__mark">
            {rule.met ? "✓" : "○"}
          </span>
          {rule.label}
          <span className="visually-hidden">{rule.met ? " (met)" : " (not met yet)"}</span>
        </li>
      ))}
    </ul>
  );
}
