import { useEffect, useState, type ComponentPropsWithRef } from "react";
import type { Resources, ResourceSummary } from "../fixtures/resources/resources.ts";
import {
  Button,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "virtual:contract-workbench/product";

export interface StorePanelProps extends Omit<ComponentPropsWithRef<"section">, "children"> {
  /** `fixtures.resources`. */
  resources: Resources;
  title?: string;
}

/** The stateful fixtures' store for designers, its counts following every request sent, and a reset to the defaults. */
export function StorePanel({ resources, title = "Mock data store", ...props }: StorePanelProps) {
  const [rows, setRows] = useState<ResourceSummary[]>(() => resources.summary());
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const off = resources.subscribe(() => live && setRows(resources.summary()));
    void resources.prime().then(() => {
      if (!live) return;
      setRows(resources.summary());
      setReady(true);
    });
    return () => {
      live = false;
      off();
    };
  }, [resources]);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <section aria-labelledby="store-panel-title" data-ready={ready} data-records={total} {...props}>
      <h2 id="store-panel-title">{title}</h2>
      {rows.length === 0 ? (
        <p>The contract forms no resources yet: every answer is stateless.</p>
      ) : (
        <Table>
          <TableCaption>Resources and their records</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Resource</TableHead>
              <TableHead>Key</TableHead>
              <TableHead>Records</TableHead>
              <TableHead>Paths</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.name} data-resource={row.name}>
                <TableHead>{row.name}</TableHead>
                <TableCell>
                  <code>{row.key}</code>
                </TableCell>
                <TableCell>{row.count}</TableCell>
                <TableCell>
                  {row.paths.map((path) => (
                    <code key={path} style={{ display: "block" }}>
                      {path}
                    </code>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          resources.reset();
          void resources.prime();
        }}
      >
        Reset to the default data
      </Button>
    </section>
  );
}
