/** A list of plain sentences, each its own item; `ordered` for steps. */
export function TextList({ items, ordered = false, className }: { items: readonly string[]; ordered?: boolean; className: string }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </List>
  );
}
