package inventory

import (
	"context"
	"slices"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// A report's data names its photos; the photo mechanism keeps them. The two
// change together: a photo the data names cannot be deleted (409, below),
// and a save naming a photo that has been deleted leaves the name out and
// says so, instead of failing every later autosave. Both decide with the
// report's row locked, so a delete and a save at the same instant happen
// one after the other.
//
// Refusing the delete was chosen over removing the name from the data in
// the delete's transaction: the data is what the inspector is typing on
// their device, and a delete that rewrote it would turn their next
// autosave into a conflict and take the photo out of a report behind their
// back. The editor takes a photo out of the data (after asking); only a
// photo no longer named is deleted.

// Messages of photos named by a report.
const (
	MsgPhotoInReport  = "This photo is still in the report. Remove it from the report first, then delete it."
	MsgPhotoLeftOut   = "A photo in this report had been deleted, so it was left out. Please add it again if you still need it."
	MsgPhotoNotInThis = "A photo in this report was not uploaded to it. Please add it again."
)

// lockedReport reads a report with its row locked until the transaction
// ends (SELECT ... FOR UPDATE on PostgreSQL; on SQLite a write transaction
// holds the database's write lock from its start).
func (s *Service) lockedReport(ctx context.Context, tx db.Conn, id string) (Report, error) {
	q := `SELECT ` + cols + ` FROM inventory_reports WHERE id = ?`
	if s.db.Dialect == db.Postgres {
		q += ` FOR UPDATE`
	}
	return scan(tx.QueryRow(ctx, q, id))
}

// ownPhotos checks the photos the data names, on the caller's transaction
// after it locked the report: a photo of another record is refused; a name
// that is no photo (deleted meanwhile) is taken out of d, and counted.
func (s *Service) ownPhotos(ctx context.Context, tx db.Conn, id string, d *Data) (int, error) {
	names := d.photos()
	if len(names) == 0 {
		return 0, nil
	}
	owners, err := s.photos.OwnersOf(ctx, tx, slices.Compact(slices.Sorted(slices.Values(names))))
	if err != nil {
		return 0, err
	}
	gone := map[string]bool{}
	for _, n := range names {
		o, ok := owners[n]
		switch {
		case !ok:
			gone[n] = true
		case o.Kind != photo.KindInventory || o.ID != id:
			return 0, fieldErr("photos", MsgPhotoNotInThis)
		}
	}
	if len(gone) > 0 {
		d.keepPhotos(func(n string) bool { return !gone[n] })
	}
	return len(gone), nil
}

// keepPhotos takes out of the data every photo name keep refuses.
func (d *Data) keepPhotos(keep func(string) bool) {
	drop := func(list *[]string) { *list = slices.DeleteFunc(*list, func(n string) bool { return !keep(n) }) }
	if d.Settings.CoverPhoto != "" && !keep(d.Settings.CoverPhoto) {
		d.Settings.CoverPhoto = ""
	}
	drop(&d.Overview.Photos)
	for _, rooms := range [][]Room{d.Inside, d.Outside} {
		for i := range rooms {
			drop(&rooms[i].Overview.Photos)
			for j := range rooms[i].Items {
				drop(&rooms[i].Items[j].Photos)
				drop(&rooms[i].Items[j].Overview.Photos)
			}
		}
	}
	for i := range d.Meters {
		drop(&d.Meters[i].Photos)
	}
	for i := range d.Documents {
		drop(&d.Documents[i].Files)
	}
	for _, ka := range []*KeysAlarms{&d.CheckIn, &d.CheckOut} {
		drop(&ka.Keys.Photos)
		drop(&ka.Alarms.Photos)
	}
}

// BeforeDelete implements photo.DeleteGuard: inside the delete's
// transaction, with the report's row locked, a photo the report's data
// still names is not deleted, nor one of a report no longer a draft.
func (o Owners) BeforeDelete(ctx context.Context, tx db.Conn, reportID, name string) error {
	r, err := o.S.lockedReport(ctx, tx, reportID)
	if err != nil {
		return err
	}
	if r.Status != Draft {
		return apperr.New(apperr.Conflict, "not_draft", MsgNotDraft)
	}
	if slices.Contains(r.Data.photos(), name) {
		return apperr.New(apperr.Conflict, "photo_in_report", MsgPhotoInReport)
	}
	return nil
}
