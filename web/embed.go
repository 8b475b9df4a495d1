// Package web embeds the built React app (web/dist) into the Go binary.
// `make build` runs Vite first; dist/.gitkeep keeps the embed valid before that.
package web

import "embed"

//go:embed all:dist
var Dist embed.FS
