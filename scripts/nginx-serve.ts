/**
 * Serves a build with Debian's nginx and the shipped configuration (deploy/nginx/), on a loopback port, in the
 * foreground: the browser tests' real web server (playwright.config.ts). Only the lines the configuration marks
 * EDIT are replaced, so the tests exercise what a university deploys.
 *
 *   node scripts/nginx-serve.ts --root dist-e2e --port 4318 [--api-origin http://127.0.0.1:8787]
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    root: { type: "string", default: "dist" },
    port: { type: "string", default: "4318" },
    "api-origin": { type: "string", default: "" },
  },
});
const deploy = resolve(import.meta.dirname, "..", "deploy", "nginx");
const nginx = ["/usr/sbin/nginx", "nginx"].find((bin) => spawnSync(bin, ["-v"]).status === 0);
if (!nginx) {
  console.error("nginx is not installed: apt-get install -y nginx (.ci/run does it on a fresh machine)");
  process.exit(1);
}

/** Replaces one directive of the shipped file, failing loudly when the file no longer has it. */
const replace = (text: string, pattern: RegExp, by: string) => {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/campus-card.conf: no line matches ${pattern}`);
  return text.replace(pattern, by);
};

// Started by root, nginx's workers take the "nobody"/www-data account, which cannot read a checkout under a
// private directory (mode 700, as mktemp -d makes, or root's home): as root, the workers stay root. Started by
// anyone else, they run as that user and read what it reads.
const runAs = process.getuid?.() === 0 ? "user root root;\n" : "";
const dir = mkdtempSync(join(tmpdir(), "campus-nginx-"));
for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, sub));
let site = readFileSync(join(deploy, "campus-card.conf"), "utf8");
site = replace(site, /^\s*listen 80;.*$/m, `    listen 127.0.0.1:${values.port};`);
site = replace(site, /^\s*server_name .*$/m, "    server_name localhost;");
site = replace(site, /^\s*root \/srv\/campus-card;.*$/m, `    root ${resolve(values.root)};`);
site = replace(site, /^\s*set \$campus_api_origin "";.*$/m, `    set $campus_api_origin "${values["api-origin"]}";`);
site = site.replaceAll(
  "include snippets/campus-card-headers.conf;",
  `include ${join(deploy, "campus-card-headers.conf")};`,
);
writeFileSync(join(dir, "site.conf"), site);
writeFileSync(
  join(dir, "nginx.conf"),
  `${runAs}worker_processes 1;
error_log stderr warn;
pid ${join(dir, "nginx.pid")};
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${join(dir, "body")};
  proxy_temp_path ${join(dir, "proxy")};
  fastcgi_temp_path ${join(dir, "fastcgi")};
  uwsgi_temp_path ${join(dir, "uwsgi")};
  scgi_temp_path ${join(dir, "scgi")};
  include ${join(dir, "site.conf")};
}
`,
);

const server = spawn(nginx, ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
const stop = () => server.kill("SIGQUIT");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
console.log(`nginx serving ${resolve(values.root)} at http://127.0.0.1:${values.port}`);
