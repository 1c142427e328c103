/**
 * A constant SQL text with named parameters (`:name`; a cast's `::type` is not one), compiled once into the
 * positional text the drivers take ($1, $2 …) and the order its values go in. node-postgres prepares the
 * constant text once per connection, as before; the caller names each value instead of counting to 32.
 */
export interface NamedStatement<K extends string> {
  /** the statement with $1 … $n */
  text: string;
  /** the values in the order of $1 … $n */
  values(named: Readonly<Record<K, unknown>>): unknown[];
}

const NAME = /(?<![:\w]):([a-z_][a-z0-9_]*)/g;

export function namedStatement<K extends string>(names: readonly K[], text: string): NamedStatement<K> {
  const order: K[] = [];
  const compiled = text.replace(NAME, (_, name: string) => {
    if (!(names as readonly string[]).includes(name))
      throw new Error(`named statement: :${name} is not one of its parameters`);
    let i = order.indexOf(name as K);
    if (i < 0) i = order.push(name as K) - 1;
    return `$${i + 1}`;
  });
  const unused = names.filter((n) => !order.includes(n));
  if (unused.length > 0) throw new Error(`named statement: ${unused.join(', ')} never used`);
  return { text: compiled, values: (named) => order.map((n) => named[n]) };
}
