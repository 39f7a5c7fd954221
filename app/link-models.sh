#!/bin/sh
# Trunk post-build hook: serve the embedding models fetched by `cargo xtask models` at /models/
# beside the app (hard links: no 90 MB copy per build). A portal hosting the files elsewhere sets
# the app's model location instead (see README "Model files"). Missing models are not an error:
# the app builds without them and says so when it needs them.
set -eu
src="${TRUNK_SOURCE_DIR:-.}/../.cache/models"
[ -d "$src" ] || src="$(pwd)/.cache/models"
if [ ! -d "$src" ]; then
  echo "link-models: no .cache/models (run \`cargo xtask models\`); the app is built without model files"
  exit 0
fi
mkdir -p "$TRUNK_STAGING_DIR/models"
for dir in "$src"/*/; do
  name="$(basename "$dir")"
  rm -rf "$TRUNK_STAGING_DIR/models/$name"
  cp -rl "$dir" "$TRUNK_STAGING_DIR/models/$name" 2>/dev/null || cp -r "$dir" "$TRUNK_STAGING_DIR/models/$name"
done
echo "link-models: $(ls "$TRUNK_STAGING_DIR/models" | tr '\n' ' ')served at /models/"
