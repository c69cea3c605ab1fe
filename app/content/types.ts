/** Shapes shared by the content modules. Plain data only: no JSX, no helpers. */
export interface ContentCard {
  title: string;
  description: string;
  items?: readonly string[];
}
