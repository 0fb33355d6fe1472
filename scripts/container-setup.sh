#!/bin/bash
# Makes this machine able to build and run the reference server's OCI image without an image
# registry, for its tests (`test/container/`; `.ci/run` runs it). Idempotent. Installs:
# - podman + runc from Debian; runc wrapped so that it drops process.rlimits from the bundle (the
#   machine lacks CAP_SYS_RESOURCE, so crun and runc both fail on setrlimit);
# - a stand-in for the official `node:20-slim` image (for CI without access to an image registry): Debian
#   bookworm minbase from Debian's packages (debootstrap) plus this machine's Node 20 and npm, with a
#   `node` user (uid 1000) as in the official image; tagged docker.io/library/node:20-slim and node:20.
# Prints the runtime wrapper's path last. Needs root.
set -eu
W=${PA_RUNC_WRAPPER:-/usr/local/bin/runc-norlimit}
command -v podman >/dev/null && command -v runc >/dev/null && command -v debootstrap >/dev/null || {
  apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null 2>&1
}
# Rewritten when it differs, so that a newer version of this script replaces an older wrapper.
wrapper=$(cat <<'PY'
#!/usr/bin/env python3
# OCI runtime wrapper: drops process.rlimits from the bundle's config.json (create, run) or from
# the process file (exec: health checks, `podman exec`), then runs runc.
import json, os, sys
args = sys.argv[1:]
def strip(path, process_file):
    try:
        c = json.load(open(path))
        (c if process_file else c.get('process', {})).pop('rlimits', None)
        json.dump(c, open(path, 'w'))
    except Exception as e:
        print('runc-norlimit:', e, file=sys.stderr)
def value(names):
    for i, a in enumerate(args):
        if a in names and i + 1 < len(args): return args[i + 1]
        for n in names:
            if a.startswith(n + '='): return a.split('=', 1)[1]
    return None
if 'create' in args or 'run' in args:
    strip(os.path.join(value(('--bundle', '-b')) or '.', 'config.json'), False)
if 'exec' in args and value(('--process', '-p')):
    strip(value(('--process', '-p')), True)
runc = '/usr/sbin/runc' if os.path.exists('/usr/sbin/runc') else '/usr/bin/runc'
os.execv(runc, ['runc'] + args)
PY
)
if [ ! -x "$W" ] || [ "$(cat "$W")" != "$wrapper" ]; then
  printf '%s\n' "$wrapper" > "$W"
  chmod +x "$W"
fi
if ! podman image exists docker.io/library/node:20-slim; then
  r=$(mktemp -d)
  # The Debian mirror this machine's apt already uses.
  mirror=${PA_DEBIAN_MIRROR:-$( (grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null; grep -h '^deb ' /etc/apt/sources.list 2>/dev/null | sed 's/^deb \(\[[^]]*\] \)\?/URIs: /') | awk '$2 ~ /debian\/?$/ {print $2; exit}')}
  debootstrap --variant=minbase bookworm "$r/rootfs" "$mirror" >"$r/debootstrap.log" 2>&1
  cp -L "$(command -v node)" "$r/rootfs/usr/local/bin/node"
  mkdir -p "$r/rootfs/usr/local/lib/node_modules"
  cp -a "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$r/rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$r/rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$r/rootfs/usr/local/bin/npx"
  chroot "$r/rootfs" /bin/sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node' >/dev/null 2>&1
  rm -rf "$r/rootfs/var/cache/apt/archives"/*.deb "$r/rootfs/var/lib/apt/lists"/*
  tar -C "$r/rootfs" -cf "$r/rootfs.tar" .
  podman import --change 'CMD ["node"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$r/rootfs.tar" docker.io/library/node:20-slim >/dev/null
  podman tag docker.io/library/node:20-slim docker.io/library/node:20
  rm -rf "$r"
fi
echo "$W"
