package wallet_test

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/wallet"
)

type fixedProperties []wallet.Property

func (f fixedProperties) Owned(_ context.Context, _ session.Actor, id string) (wallet.Property, error) {
	for _, p := range f {
		if p.ID == id {
			return p, nil
		}
	}
	return wallet.Property{}, nil
}

func (f fixedProperties) Mine(context.Context, session.Actor) ([]wallet.Property, error) {
	return f, nil
}

// The in-memory copy of a landlord's entries follows every change, made on
// this server or on another one sharing the database.
func TestTotalsFollowEveryChangeOnEveryServer(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		me := actorOf(t, c)
		ctx := context.Background()
		rules, err := wallet.LoadRules()
		if err != nil {
			t.Fatal(err)
		}
		other := wallet.NewService(wallet.Deps{DB: e.App.DB, Clock: e.Clock, Rules: rules, Files: e.App.Files,
			Properties: fixedProperties{{ID: p[0], Label: "12 Lavender Hill, London"}}})
		servers := map[string]*wallet.Service{"this": e.App.Wallet, "other": other}
		want := int64(0)
		check := func(step string) {
			t.Helper()
			for name, s := range servers {
				o, err := s.Overview(ctx, me, "1M", "all")
				if err != nil || o.Profit.RevenuePence != want {
					t.Errorf("%s, %s server: revenue %d, want %d (%v)", step, name, o.Profit.RevenuePence, want, err)
				}
			}
		}
		check("empty")
		pence := func(n int64) *int64 { return &n }
		in := wallet.Input{Kind: wallet.Income, PropertyID: p[0], Category: "Rent", Description: "Rent", AmountPence: pence(1000),
			Date: "2026-10-20", VAT: wallet.VATNone, Frequency: wallet.OneOff}
		a, err := e.App.Wallet.Create(ctx, me, in)
		if err != nil {
			t.Fatal(err)
		}
		want = 1000
		check("added here")
		in.AmountPence = pence(2500)
		b, err := other.Create(ctx, me, in)
		if err != nil {
			t.Fatal(err)
		}
		want = 3500
		check("added there")
		in.AmountPence, in.Revision = pence(1500), a.Revision
		if _, err := e.App.Wallet.Update(ctx, me, a.ID, in); err != nil {
			t.Fatal(err)
		}
		want = 4000
		check("edited here")
		if err := other.Delete(ctx, me, a.ID); err != nil {
			t.Fatal(err)
		}
		want = 2500
		check("deleted there")
		if err := e.App.Wallet.Delete(ctx, me, b.ID); err != nil {
			t.Fatal(err)
		}
		want = 0
		check("deleted here")
	})
}

// A large book is read in two halves by date at once (issue 29). The
// halves join in the books' order (date, then when made, then id: the fake
// clock makes every entry at one instant, so within a day the ids decide),
// and a change made while the halves are read is not half seen: the book
// is read again.
func TestBooksReadInHalvesKeepOrderAndOneState(t *testing.T) {
	racetest.Concurrent(t) // the books are read in parts at once
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 2)
		me := actorOf(t, c)
		ctx := context.Background()
		type key struct{ date, id string }
		var made []key
		for i := range 30 {
			date := fmt.Sprintf("2026-0%d-1%d", 1+i%4, i%3) // 12 dates, 2-3 entries each
			tx := add(t, c, entry("expense", p[i%2], "Insurance", int64(100+i), date))
			made = append(made, key{date, tx["id"].(string)})
		}
		order := func() []string {
			slices.SortFunc(made, func(a, b key) int { return cmp.Or(strings.Compare(a.date, b.date), strings.Compare(a.id, b.id)) })
			ids := make([]string, len(made))
			for i, k := range made {
				ids[i] = k.id
			}
			return ids
		}
		whole, err := e.App.Wallet.BookOrder(ctx, me)
		if err != nil || !slices.Equal(whole, order()) {
			t.Fatalf("read whole: %v (%v), want %v", whole, err, order())
		}
		restore := e.App.Wallet.ReadBooksInHalvesFrom(4, nil)
		defer restore()
		halves, err := e.App.Wallet.BookOrder(ctx, me)
		if err != nil || !slices.Equal(halves, order()) {
			t.Fatalf("read in halves: %v (%v), want %v", halves, err, order())
		}

		// An entry on the first day, added once both halves are read: the
		// first half did not hold it, so the book is read again. (An entry
		// added before, with no copy in memory, moves the revision past the
		// snapshot the read above left, so the book is read from its rows.)
		e.App.Wallet.ForgetBooks()
		tx := add(t, c, entry("expense", p[1], "Insurance", 700, "2026-02-11"))
		made = append(made, key{"2026-02-11", tx["id"].(string)})
		restore()
		once := false
		restore = e.App.Wallet.ReadBooksInHalvesFrom(4, func() {
			if !once {
				once = true
				tx := add(t, c, entry("income", p[0], "Rent", 5000, "2025-12-31"))
				made = append(made, key{"2025-12-31", tx["id"].(string)})
			}
		})
		got, err := e.App.Wallet.BookOrder(ctx, me)
		if err != nil || !once || !slices.Equal(got, order()) {
			t.Fatalf("a change between the halves: %v (%v), want %v", got, err, order())
		}
		o, err := e.App.Wallet.Overview(ctx, me, "1Y", "all")
		if err != nil || o.Profit.RevenuePence != 5000 {
			t.Fatalf("overview after the change: revenue %d (%v), want 5000", o.Profit.RevenuePence, err)
		}
	})
}

// A large book read whole at the books' revision is stored as one snapshot;
// a server with no copy in memory reads that row instead of every entry,
// only while the revision (and the format) is the one it was stored at.
func TestLargeBooksAreReadFromTheirSnapshot(t *testing.T) {
	racetest.Concurrent(t) // snapshots are stored after the request, in the background
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		defer e.App.Wallet.ReadBooksInHalvesFrom(4, nil)()
		e.Clock.Set(at("2026-11-26 09:00"))
		c, p := landlord(t, e, "lord@example.com", 1)
		me := actorOf(t, c)
		ctx := context.Background()
		conn := e.App.DB.Conn()
		var ids []string
		for i := range 9 {
			ids = append(ids, add(t, c, entry("expense", p[0], "Insurance", int64(1000*(i+1)), fmt.Sprintf("2026-10-%02d", 10+i)))["id"].(string))
		}
		const invoice = "%PDF-1.4\n% the one invoice\n%%EOF\n"
		if r := upload(t, c, "/api/wallet/transactions/"+ids[0]+"/invoice", "i.pdf", "application/pdf", []byte(invoice)); r.Status != 200 {
			t.Fatalf("invoice: %d %s", r.Status, r.Raw)
		}
		stored := func() (rev, format int64) {
			t.Helper()
			if err := conn.QueryRow(ctx, `SELECT revision, format FROM wallet_snapshots WHERE landlord_id = ?`, me.UserID).Scan(&rev, &format); err != nil {
				t.Fatalf("snapshot: %v", err)
			}
			return rev, format
		}
		var books int64
		revision := func() int64 {
			t.Helper()
			if err := conn.QueryRow(ctx, `SELECT revision FROM wallet_books WHERE landlord_id = ?`, me.UserID).Scan(&books); err != nil {
				t.Fatal(err)
			}
			return books
		}
		before := overview(t, c, "1Y", "all")
		e.App.Wallet.WaitSnapshots()
		if rev, format := stored(); rev != revision() || format != wallet.SnapshotFormat {
			t.Fatalf("snapshot at revision %d (format %d), books at %d", rev, format, books)
		}

		// An entry's row deleted behind the books' back (the revision kept):
		// a server with no copy still has it, so it read the snapshot.
		if _, err := conn.Exec(ctx, `DELETE FROM wallet_transactions WHERE id = ?`, ids[8]); err != nil {
			t.Fatal(err)
		}
		got, err := e.App.Wallet.BookOrder(ctx, me)
		if err != nil || len(got) != 9 || got[8] != ids[8] {
			t.Fatalf("from the snapshot: %v (%v), want the 9 entries", got, err)
		}
		e.App.Wallet.ForgetBooks()
		after := overview(t, c, "1Y", "all")
		if !reflect.DeepEqual(before, after) {
			t.Errorf("overview from the snapshot differs:\n%v\n%v", before, after)
		}
		// The invoice's file is found through the snapshot's entry.
		e.App.Wallet.ForgetBooks()
		z := c.Get("/api/wallet/export/invoices.zip?year=2026")
		zr, err := zip.NewReader(bytes.NewReader([]byte(z.Raw)), int64(len(z.Raw)))
		if z.Status != 200 || err != nil || len(zr.File) != 1 {
			t.Fatalf("invoices zip from the snapshot: %d %v", z.Status, err)
		}
		rc, _ := zr.File[0].Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		if string(data) != invoice {
			t.Errorf("invoice in the zip: %q", data)
		}

		// Another format is not read: the rows are, and the snapshot is
		// written again in this one.
		if _, err := conn.Exec(ctx, `UPDATE wallet_snapshots SET format = format + 1 WHERE landlord_id = ?`, me.UserID); err != nil {
			t.Fatal(err)
		}
		if got, err := e.App.Wallet.BookOrder(ctx, me); err != nil || len(got) != 8 {
			t.Fatalf("another format: %d entries (%v), want the 8 rows", len(got), err)
		}
		if _, format := stored(); format != wallet.SnapshotFormat {
			t.Errorf("snapshot not written again in this format: %d", format)
		}

		// Entries added on this server, one after another: its copy (read
		// whole, so exact) follows each change, and the latest is stored
		// as the snapshot of the books' revision (edits made while one is
		// stored are stored after it), which a server with no copy then
		// reads (it still has a row deleted behind the books' back).
		for i := range 3 {
			add(t, c, entry("income", p[0], "Rent", int64(5000+i), "2026-11-01"))
		}
		e.App.Wallet.WaitSnapshots()
		if rev, _ := stored(); rev != revision() {
			t.Fatalf("after an edit here: snapshot at revision %d, books at %d", rev, books)
		}
		if _, err := conn.Exec(ctx, `DELETE FROM wallet_transactions WHERE id = ?`, ids[7]); err != nil {
			t.Fatal(err)
		}
		if got, err := e.App.Wallet.BookOrder(ctx, me); err != nil || len(got) != 11 || !slices.Contains(got, ids[7]) {
			t.Fatalf("from the edits' snapshot: %v (%v), want 11 entries with the deleted row's", got, err)
		}

		// A change made with no copy in memory (another server's, say):
		// the snapshot is not used for the new revision; the rows are read,
		// and stored as its snapshot.
		e.App.Wallet.ForgetBooks()
		add(t, c, entry("income", p[0], "Rent", 6000, "2026-11-02"))
		if got, err := e.App.Wallet.BookOrder(ctx, me); err != nil || len(got) != 11 || slices.Contains(got, ids[7]) {
			t.Fatalf("after a change elsewhere: %v (%v), want the 11 rows", got, err)
		}
		if rev, _ := stored(); rev != revision() {
			t.Errorf("snapshot at revision %d, books at %d", rev, books)
		}
	})
}
