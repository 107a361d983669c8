#!/usr/bin/env bash
# Back up a folder into a dated tarball and keep the newest five.
set -euo pipefail

SRC="${1:?usage: backup.sh SOURCE [DEST]}"
DEST="${2:-$HOME/backups}"
KEEP=5
stamp="$(date +%Y-%m-%d_%H%M)"

mkdir -p "$DEST"
archive="$DEST/$(basename "$SRC")-$stamp.tar.gz"

if [[ ! -d "$SRC" ]]; then
  echo "no such folder: $SRC" >&2
  exit 1
fi

tar -czf "$archive" -C "$(dirname "$SRC")" "$(basename "$SRC")"
echo "wrote $archive ($(du -h "$archive" | cut -f1))"

count=0
for f in $(ls -1t "$DEST"/*.tar.gz 2>/dev/null); do
  count=$((count + 1))
  if (( count > KEEP )); then
    rm -- "$f" && echo "removed old backup $f"
  fi
done

case "${VERBOSE:-0}" in
  1|yes) ls -lh "$DEST" ;;
  *) : ;;
esac
