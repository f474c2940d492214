# Sourced by the other scripts: makes sure `node` is Node.js 24 or newer. On a machine whose Node
# is older, Node 24 comes from the npm registry (the `node` package ships the binary) into
# .tools/node and goes first on PATH for the rest of the script.
NODE_MAJOR_WANTED=24
node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$node_major" -lt "$NODE_MAJOR_WANTED" ]; then
  node24="$node_root/.tools/node/node_modules/node/bin"
  if [ ! -x "$node24/node" ]; then
    command -v npm >/dev/null 2>&1 || { echo "Install Node.js $NODE_MAJOR_WANTED (https://nodejs.org), or any Node with npm to fetch it." >&2; exit 1; }
    echo "Node $node_major is older than $NODE_MAJOR_WANTED: installing Node $NODE_MAJOR_WANTED from the npm registry into .tools/node..."
    npm install --prefix "$node_root/.tools/node" --no-save --no-audit --no-fund --loglevel=error "node@$NODE_MAJOR_WANTED" >/dev/null
  fi
  export PATH="$node24:$PATH"
fi
