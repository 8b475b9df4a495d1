package photo

import (
	"bytes"
	"context"
	"sync/atomic"
	"testing"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/session"
)

// closingOwner lets photos be added while open; BeforeInsert (InsertGuard)
// answers from the same flag, in the inserting transaction.
type closingOwner struct {
	open   *atomic.Bool
	guards *atomic.Int32
}

var errClosed = apperr.New(apperr.Conflict, "not_draft", "Only a draft report can be changed.")

func (o closingOwner) CanEdit(context.Context, session.Actor, string) error {
	if !o.open.Load() {
		return errClosed
	}
	return nil
}

func (closingOwner) Visibility(context.Context, session.Actor, string) (bool, bool, error) {
	return true, false, nil
}

func (o closingOwner) BeforeInsert(ctx context.Context, tx db.Conn, ownerID string) error {
	o.guards.Add(1)
	var one int // the guard reads on the inserting transaction
	if err := tx.QueryRow(ctx, `SELECT 1`).Scan(&one); err != nil {
		return err
	}
	if !o.open.Load() {
		return errClosed
	}
	return nil
}

// A record that closes while an upload is being cleaned (an inventory
// report signed in that time: its photos are then evidence) takes no
// photo: the owner is asked again in the inserting transaction
// (InsertGuard), its refusal is the upload's answer, and neither a row nor
// a file is left. Before the fix only CanEdit, at the start, was asked:
// the upload below was accepted on both databases every time.
func TestUploadRefusedWhenTheOwnerClosesMeanwhile(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, _, files := crashService(t, d, t.TempDir(), clock.System{})
		var open atomic.Bool
		var guards atomic.Int32
		open.Store(true)
		s.SetOwners(KindInventory, closingOwner{open: &open, guards: &guards})
		defer func(old func(string)) { crashPoint = old }(crashPoint)
		// The record closes once the file is cleaned and stored, before its row.
		crashPoint = func(p string) {
			if p == "upload:file-written" {
				open.Store(false)
			}
		}
		_, err := s.Upload(ctx, KindInventory, crashActor, "report-1", bytes.NewReader(imagingtest.JPEG(t, 64, 48)))
		if apperr.CodeOf(err) != "not_draft" {
			t.Fatalf("upload to a record closed meanwhile: %v, want not_draft", err)
		}
		if guards.Load() != 1 {
			t.Errorf("BeforeInsert ran %d times, want 1", guards.Load())
		}
		if n, err := count(ctx, d.Conn(), KindInventory, "report-1"); err != nil || n != 0 {
			t.Errorf("%d photo rows (%v), want none", n, err)
		}
		if objs, err := files.List(ctx, kinds[KindInventory].dir+"/"); err != nil || len(objs) != 0 {
			t.Errorf("files left: %v %v", objs, err)
		}
		// While the record is open, the upload is accepted.
		open.Store(true)
		crashPoint = func(string) {}
		if _, err := s.Upload(ctx, KindInventory, crashActor, "report-1", bytes.NewReader(imagingtest.JPEG(t, 64, 48))); err != nil {
			t.Fatalf("upload to an open record: %v", err)
		}
		if n, _ := count(ctx, d.Conn(), KindInventory, "report-1"); n != 1 {
			t.Errorf("%d photo rows, want 1", n)
		}
	})
}
