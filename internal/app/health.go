package app

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/storage"
)

// checkWritable is the start-up check: a server whose database or files
// cannot be written would answer every sign-in, creation and upload with a
// bare 500, so it refuses to start and says which and where.
func checkWritable(ctx context.Context, d *db.DB, files storage.Store, where string) error {
	if err := d.CheckWritable(ctx); err != nil {
		return fmt.Errorf("%w; check that the database (%s) can be written", err, where)
	}
	if err := storage.CheckWritable(ctx, files); err != nil {
		return fmt.Errorf("%w; check that the files folder or bucket can be written", err)
	}
	return nil
}

// health answers /healthz: whether the database and the file storage take
// writes now (a read-only folder answers pings and reads, so a ping is not
// enough). Each check writes a little, so answers are kept for a few
// seconds: a flood of /healthz costs at most one probe per period.
type health struct {
	app *App
	ttl time.Duration

	mu      sync.Mutex
	at      time.Time
	checked map[string]string
	ok      bool
}

const healthTTL = 5 * time.Second

func (h *health) check(ctx context.Context) (map[string]string, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.checked != nil && time.Since(h.at) < h.ttl {
		return h.checked, h.ok
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	out, ok := map[string]string{"status": "ok", "database": "ok", "storage": "ok"}, true
	if err := h.app.DB.CheckWritable(ctx); err != nil {
		h.app.Log.Error("healthz: database", "err", err)
		out["database"], ok = "not writable", false
	}
	if err := storage.CheckWritable(ctx, h.app.Files); err != nil {
		h.app.Log.Error("healthz: storage", "err", err)
		out["storage"], ok = "not writable", false
	}
	if !ok {
		out["status"] = "unavailable"
	}
	h.checked, h.ok, h.at = out, ok, time.Now()
	return out, ok
}

func (h *health) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	out, ok := h.check(r.Context())
	code := http.StatusOK
	if !ok {
		code = http.StatusServiceUnavailable
	}
	_ = httpx.WriteJSON(w, code, out)
}
