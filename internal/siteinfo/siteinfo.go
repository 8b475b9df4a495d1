// Package siteinfo answers GET /api/site: public facts from configuration
// that the footer and pages show.
package siteinfo

import (
	"net/http"

	"github.com/omnirent/omnirent/internal/httpx"
)

type Info struct {
	DataProtectionNumber string `json:"dataProtectionNumber"`
	SupportEmail         string `json:"supportEmail"`
	Dev                  bool   `json:"dev"`
	MapTileURL           string `json:"mapTileUrl"`
	MapAttribution       string `json:"mapAttribution"`
}

func Routes(mux *httpx.Router, info Info) {
	mux.Handle("GET /api/site", httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", "public, max-age=300")
		return httpx.WriteJSON(w, http.StatusOK, info)
	}))
}
