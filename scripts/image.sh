#!/usr/bin/env bash
# Builds OmniRent's container image with podman from the binary the tests
# ran (bin/omnirent) and Debian's packages, then checks what the image holds:
# the same binary byte for byte, CA certificates, the PDF font, an
# unprivileged user. These machines cannot run containers (the runtime is
# refused setting resource limits), so the check reads the saved image's
# layers instead of starting it, and runs the extracted binary directly.
#
#   scripts/image.sh [TAG]      default localhost/omnirent:latest
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:-localhost/omnirent:latest}"
bin=bin/omnirent
[ -x "$bin" ] || { echo "build the binary first (make build)" >&2; exit 1; }
if ldd "$bin" >/dev/null 2>&1; then
  echo "$bin is dynamically linked; the image needs a static binary (CGO_ENABLED=0 make build)" >&2
  exit 1
fi
font=/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf
certs=/etc/ssl/certs/ca-certificates.crt
for f in "$font" "$certs"; do [ -s "$f" ] || { echo "missing $f (Debian: fonts-droid-fallback, ca-certificates)" >&2; exit 1; }; done

ctx="$(mktemp -d)"
work="$(mktemp -d)"
trap 'rm -rf "$ctx" "$work"' EXIT
cp "$bin" "$ctx/omnirent"
cp "$certs" "$ctx/ca-certificates.crt"
cp "$font" "$ctx/DroidSansFallbackFull.ttf"
printf 'omnirent:x:65532:65532:OmniRent:/data:/sbin/nologin\n' >"$ctx/passwd"
mkdir "$ctx/data"

echo "== podman build $tag"
podman build --quiet -t "$tag" -f deploy/Containerfile "$ctx"

echo "== checking the image's contents"
podman save --format docker-archive -o "$work/image.tar" "$tag"
mkdir "$work/archive" "$work/root"
tar -xf "$work/image.tar" -C "$work/archive"
# Apply the layers in the manifest's order.
for layer in $(python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))[0]["Layers"]))' "$work/archive/manifest.json"); do
  tar -xf "$work/archive/$layer" -C "$work/root"
done
want="$(sha256sum "$bin" | cut -d' ' -f1)"
got="$(sha256sum "$work/root/omnirent" | cut -d' ' -f1)"
[ "$want" = "$got" ] || { echo "the image's /omnirent ($got) is not the tested binary ($want)" >&2; exit 1; }
cmp -s "$certs" "$work/root/etc/ssl/certs/ca-certificates.crt" || { echo "CA certificates missing from the image" >&2; exit 1; }
cmp -s "$font" "$work/root$font" || { echo "PDF font missing from the image" >&2; exit 1; }
[ -d "$work/root/data" ] || { echo "no /data in the image" >&2; exit 1; }
extra="$(cd "$work/root" && find . -type f | sort | grep -v -e '^./omnirent$' -e '^./etc/ssl/certs/ca-certificates.crt$' -e "^.$font\$" -e '^./etc/passwd$' || true)"
[ -z "$extra" ] || { echo "unexpected files in the image:" >&2; echo "$extra" >&2; exit 1; }
user="$(podman image inspect --format '{{.Config.User}}' "$tag")"
[ "$user" = "65532:65532" ] || { echo "image user is '$user', want 65532:65532" >&2; exit 1; }
entry="$(podman image inspect --format '{{json .Config.Entrypoint}} {{json .Config.Cmd}}' "$tag")"
[ "$entry" = '["/omnirent"] ["serve"]' ] || { echo "entrypoint/cmd: $entry" >&2; exit 1; }
# The extracted binary runs (it is static): it prints its configuration table.
"$work/root/omnirent" config | grep -q OMNIRENT_DATABASE_URL
size="$(du -h "$work/image.tar" | cut -f1)"
echo "image $tag OK: /omnirent is the tested binary ($want), $size saved"
