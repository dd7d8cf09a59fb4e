import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CredentialsFields, type CredentialsFieldsProps } from "./credentials-fields.tsx";

type Given = Partial<Omit<CredentialsFieldsProps, "email" | "password" | "onEmailChange" | "onPasswordChange">>;

/** The fields with their values held as a form holds them. */
function Form(props: Given) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form aria-label="Credentials">
      <CredentialsFields
        passwordAutoComplete="current-password"
        {...props}
        email={email}
        onEmailChange={setEmail}
        password={password}
        onPasswordChange={setPassword}
      />
      <output aria-label="Typed">{`${email}|${password}`}</output>
    </form>
  );
}

const email = () => screen.getByLabelText("E-mail", { selector: "input" });
const password = () => screen.getByLabelText("Password", { selector: "input" });

describe("CredentialsFields", () => {
  it("gives the form what is typed in each field", async () => {
    render(<Form />);
    await userEvent.type(email(), "ada@example.com");
    await userEvent.type(password(), "Analytical1");
    expect(screen.getByRole("status", { name: "Typed" })).toHaveTextContent("ada@example.com|Analytical1");
  });

  it("tells browsers and password managers an existing password is asked for when signing in", () => {
    render(<Form passwordAutoComplete="current-password" />);
    expect(email()).toHaveAttribute("type", "email");
    expect(email()).toHaveAttribute("autocomplete", "email");
    expect(password()).toHaveAttribute("type", "password");
    expect(password()).toHaveAttribute("autocomplete", "current-password");
    expect(password()).toHaveAttribute("name", "password");
  });

  it("asks for a new password when creating an account, described by the requirements", () => {
    render(
      <>
        <Form passwordAutoComplete="new-password" passwordDescribedBy="rules" />
        <p id="rules">At least 8 characters</p>
      </>,
    );
    expect(password()).toHaveAttribute("autocomplete", "new-password");
    expect(password()).toHaveAttribute("name", "new-password");
    expect(password()).toHaveAccessibleDescription("At least 8 characters");
  });

  it("shows each error beside its field and marks the fields invalid", () => {
    const { container } = render(<Form passwordError="Enter your password." />);
    expect(password()).toHaveAccessibleDescription("Enter your password.");
    expect(password()).toHaveAttribute("aria-invalid", "true");
    expect(email()).not.toHaveAttribute("aria-invalid");
    expect(container.querySelector(".credentials-fields")).toHaveAttribute("data-invalid", "true");
  });

  it("passes native props to its wrapper and hands out the inputs for focus", () => {
    let emailInput: HTMLInputElement | null = null;
    const { container } = render(
      <Form
        className="extra"
        data-testid="fields"
        emailRef={(node) => {
          emailInput = node;
        }}
      />,
    );
    const wrapper = container.querySelector(".credentials-fields");
    expect(wrapper).toHaveClass("credentials-fields", "extra");
    expect(wrapper).toHaveAttribute("data-testid", "fields");
    expect(wrapper).not.toHaveAttribute("data-invalid");
    expect(emailInput).toBe(email());
  });
});
