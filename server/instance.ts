import crypto from "node:crypto";
import os from "node:os";

/**
 * This process among the instances sharing one database: who holds a mail lease, who ran a
 * scheduled job. Unique per start (a restarted process is a new instance).
 */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
