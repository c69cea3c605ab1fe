import { data } from "react-router";
import { requireMember } from "~/features/team/guard.server";
import type { Route } from "./+types/not-found";

/**
 * Any other path under /team: a 404 in the workspace's frame, rendered by the layout's boundary
 * with a way back to the people. Behind the guard like every workspace page, so a visitor without
 * a session is sent to sign in, as on the real pages, and learns nothing of which paths exist.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  throw data({ error: "There is no page at this address in the workspace. Check the address, or go back to the people." }, { status: 404 });
}

/** A form sent to such an address finds no page either. */
export const action = loader;

export default function TeamNotFound() {
  return null;
}
