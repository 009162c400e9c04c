import { router } from "../../../trpc/procedures.ts";
import { me } from "./me.ts";
import { signIn } from "./sign-in.ts";
import { signOut } from "./sign-out.ts";

export const consoleSessionRouter = router({ signIn, signOut, me });
