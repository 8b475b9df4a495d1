package inventory_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/gif"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/signing"
)

// Disputes: a tenant disputes the kitchen with a photo, the report is
// Disputed and cannot be signed; the creator answers; only the author
// resolves an entry; when every entry is resolved the report awaits
// signatures again; nobody else sees the threads.
func TestDisputes(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		if r := save(clerk, id, 1, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		stranger := e.SignedIn("ivy@example.com", "Secret#123", "Tenant")
		base := "/api/inventory/reports/" + id + "/disputes"
		if r := clerk.Post(base, map[string]any{"section": "inside", "comment": "x"}); r.Status != 409 {
			t.Errorf("dispute a draft: %d", r.Status)
		}
		sendReport(t, e, clerk, id)
		e.Clock.Advance(time.Minute)
		// The tenant's comment, with a photo (checked by content).
		up := tom.Upload("/api/inventory/reports/"+id+"/dispute-photos", "scuff.jpg", "image/jpeg", jpegOf(t, 64, 48))
		if up.Status != 201 {
			t.Fatalf("dispute photo: %d %s", up.Status, up.Raw)
		}
		pic := up.Body["photo"].(map[string]any)["name"].(string)
		// A GIF is accepted by content (kept as a PNG); an SVG is not.
		var g bytes.Buffer
		if err := gif.Encode(&g, image.NewPaletted(image.Rect(0, 0, 16, 16), color.Palette{color.White, color.Black}), nil); err != nil {
			t.Fatal(err)
		}
		if r := tom.Upload("/api/inventory/reports/"+id+"/dispute-photos", "scuff.gif", "image/gif", g.Bytes()); r.Status != 201 || !strings.HasSuffix(r.Body["photo"].(map[string]any)["name"].(string), ".png") {
			t.Errorf("gif: %d %s", r.Status, r.Raw)
		}
		if r := tom.Upload("/api/inventory/reports/"+id+"/dispute-photos", "x.svg", "image/svg+xml", []byte("<svg/>")); r.Status != 400 {
			t.Errorf("svg: %d", r.Status)
		}
		for _, bad := range []map[string]any{{"section": "attic", "comment": "x"}, {"section": "inside", "comment": "  "}, {"section": "inside", "comment": "x", "photo": "0123456789abcdef0123456789abcdef.jpg"}} {
			if r := tom.Post(base, bad); r.Status != 400 {
				t.Errorf("%v: %d %s", bad, r.Status, r.Raw)
			}
		}
		r := tom.Post(base, map[string]any{"section": "inside", "comment": "The kitchen wall has a scuff not in the report.", "photo": pic})
		if r.Status != 201 {
			t.Fatalf("dispute: %d %s", r.Status, r.Raw)
		}
		entry := r.Body["dispute"].(map[string]any)
		if entry["authorRole"] != "tenant" || entry["resolved"] != false {
			t.Errorf("entry: %v", entry)
		}
		status := func() string {
			return clerk.Get("/api/inventory/reports/" + id).Body["report"].(map[string]any)["status"].(string)
		}
		if status() != inventory.Disputed {
			t.Fatalf("status: %s", status())
		}
		// The creator and landlord are told.
		e.RunJobs()
		msgs, _ := e.App.Mail.Outbox(context.Background(), "lord@example.com", 5)
		if len(msgs) == 0 || !strings.Contains(msgs[0].Subject, "disputes") {
			t.Errorf("landlord not told: %v", msgs)
		}
		// No signing while disputed, not even a code.
		if r := tom.Post("/api/inventory/reports/"+id+"/signing/code", nil); r.Status != 409 {
			t.Errorf("code while disputed: %d", r.Status)
		}
		if r := tom.Sign("/api/inventory/reports/"+id, typed("Tom Tenant")); r.Status != 409 {
			t.Errorf("sign while disputed: %d %s", r.Status, r.Raw)
		}
		if st := tom.Get("/api/inventory/reports/" + id + "/signing").Body; st["canSign"] != false {
			t.Errorf("canSign while disputed: %v", st["canSign"])
		}
		// The creator answers; only the author resolves.
		e.Clock.Advance(time.Second)
		if r := clerk.Post(base, map[string]any{"section": "inside", "comment": "Added to the report; see the kitchen."}); r.Status != 201 || r.Body["dispute"].(map[string]any)["resolved"] != true {
			t.Errorf("answer: %d %s", r.Status, r.Raw)
		}
		eid := entry["id"].(string)
		if r := clerk.Do(http.MethodPut, base+"/"+eid, map[string]any{"resolved": true}); r.Status != 403 || r.ErrorMessage() != inventory.MsgAuthorOnly {
			t.Errorf("creator resolves the tenant's entry: %d %s", r.Status, r.Raw)
		}
		if r := stranger.Get(base); r.Status != 404 {
			t.Errorf("stranger reads disputes: %d", r.Status)
		}
		list := tom.Get(base).Body["disputes"].([]any)
		if len(list) != 2 || list[0].(map[string]any)["mine"] != true || list[1].(map[string]any)["mine"] != false {
			t.Errorf("threads: %v", list)
		}
		if r := tom.Do(http.MethodPut, base+"/"+eid, map[string]any{"resolved": true}); r.Status != 200 || r.Body["report"].(map[string]any)["status"] != inventory.ATS {
			t.Errorf("resolve: %d %s", r.Status, r.Raw)
		}
		if r := tom.Do(http.MethodPut, base+"/"+eid, map[string]any{"resolved": false}); r.Status != 200 || r.Body["report"].(map[string]any)["status"] != inventory.Disputed {
			t.Errorf("unresolve: %d %s", r.Status, r.Raw)
		}
		if r := tom.Do(http.MethodPut, base+"/"+eid, map[string]any{"resolved": true}); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		verifyCode(t, e, tom, "tom@example.com", id)
		if r := tom.Sign("/api/inventory/reports/"+id, typed("Tom Tenant")); r.Status != 200 {
			t.Errorf("sign after resolving: %d %s", r.Status, r.Raw)
		}
		if r := stranger.Get("/api/photos/original/" + pic); r.Status != 404 {
			t.Errorf("stranger sees the dispute photo: %d", r.Status)
		}
		if r := tom.Get("/api/photos/original/" + pic); r.Status != 200 {
			t.Errorf("tenant sees the dispute photo: %d", r.Status)
		}
	})
}

// Edit Report after a dispute: the creator takes the sent report back to a
// draft, edits it and signs and sends it again; the old signatures are
// retired (the old text stays verifiable), the open comment keeps it
// Disputed until its author resolves it, then the tenant signs the new text.
func TestEditAfterDispute(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		if r := save(clerk, id, 1, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		sendReport(t, e, clerk, id)
		before, _ := e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: inventory.Kind, ID: id})
		base := "/api/inventory/reports/" + id
		if r := tom.Post(base+"/disputes", map[string]any{"section": "inside", "comment": "The bedroom door is scratched."}); r.Status != 201 {
			t.Fatal(r.Raw)
		}
		entry := tom.Get(base + "/disputes").Body["disputes"].([]any)[0].(map[string]any)["id"].(string)
		if r := tom.Post(base+"/reopen", nil); r.Status != 403 {
			t.Errorf("tenant reopens: %d", r.Status)
		}
		r := clerk.Post(base+"/reopen", nil)
		if r.Status != 200 || r.Body["report"].(map[string]any)["status"] != inventory.Draft {
			t.Fatalf("reopen: %d %s", r.Status, r.Raw)
		}
		// The tenant it was sent to is told why it is gone for now (the
		// e-mail's link, their signing page); nobody else learns it exists.
		for _, path := range []string{base, base + "/signing", base + "/disputes", base + "/pdf"} {
			if r := tom.Get(path); r.Status != 409 || r.ErrorCode() != "being_edited" || r.ErrorMessage() != inventory.MsgBeingEdited {
				t.Errorf("%s: the tenant reads the report being edited: %d %s", path, r.Status, r.Raw)
			}
		}
		if r := tom.Sign(base, typed("Tom Tenant")); r.Status != 409 || r.ErrorCode() != "being_edited" {
			t.Errorf("the tenant signs the report being edited: %d %s", r.Status, r.Raw)
		}
		stranger := e.SignedIn("sam@example.com", "Secret#123", "Tenant")
		if r := stranger.Get(base); r.Status != 404 || r.ErrorMessage() != inventory.MsgNotFound {
			t.Errorf("a stranger reads the report being edited: %d %s", r.Status, r.Raw)
		}
		// A draft never sent stays unseen by the tenant it names.
		unsent := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		if r := save(clerk, unsent, 1, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		if r := tom.Get("/api/inventory/reports/" + unsent); r.Status != 404 {
			t.Errorf("the tenant reads a draft never sent: %d %s", r.Status, r.Raw)
		}
		// The creator edits and sends again (the fee is not asked twice).
		rev := r.Body["report"].(map[string]any)["revision"].(float64)
		d := fullData("")
		d["overview"] = map[string]any{"rating": "Marked", "description": "Bedroom door scratched at handle height.", "photos": []any{}}
		if r := save(clerk, id, rev, d); r.Status != 200 {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if st := clerk.Get(base + "/signing").Body; st["needsPayment"] != false || st["canSign"] != true {
			t.Errorf("state after reopening: %v", st)
		}
		// Reopening ended the creator's code verification: a code again.
		if r := clerk.Sign(base, typed("Ines Pector")); r.Status != 403 || r.ErrorCode() != "code_required" {
			t.Errorf("sign again on the old code: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(signing.ResendGap)
		verifyCode(t, e, clerk, "clerk@example.com", id)
		r = clerk.Sign(base, typed("Ines Pector"))
		if r.Status != 200 || r.Body["report"].(map[string]any)["status"] != inventory.Disputed {
			t.Fatalf("send again: %d %s", r.Status, r.Raw)
		}
		after, _ := e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: inventory.Kind, ID: id})
		if after.ID == before.ID || after.DocHash == before.DocHash {
			t.Errorf("the edited report was not frozen anew")
		}
		// The retired envelope is still on record (unfinished, so not genuine as a signed document).
		if v, err := e.App.Signing.VerifyHash(context.Background(), before.ID, before.DocHash); err != nil || v.Genuine || !strings.Contains(v.Message, "not signed by everyone") {
			t.Errorf("the retired envelope: %v %v", v, err)
		}
		// The tenant resolves the comment, then signs the new text.
		if r := tom.Do(http.MethodPut, base+"/disputes/"+entry, map[string]any{"resolved": true}); r.Status != 200 || r.Body["report"].(map[string]any)["status"] != inventory.ATS {
			t.Fatalf("resolve: %d %s", r.Status, r.Raw)
		}
		verifyCode(t, e, tom, "tom@example.com", id)
		if r := tom.Sign(base, typed("Tom Tenant")); r.Status != 200 {
			t.Fatalf("tenant signs: %d %s", r.Status, r.Raw)
		}
		env, _ := e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: inventory.Kind, ID: id})
		for _, sg := range env.Signers {
			if sg.Signed() && sg.DocHash != after.DocHash {
				t.Errorf("%s signed another text", sg.Name)
			}
		}
		kinds := map[string]bool{}
		for _, ev := range clerk.Get(base + "/signing").Body["events"].([]any) {
			kinds[ev.(map[string]any)["kind"].(string)] = true
		}
		if !kinds[signing.EventReopened] {
			t.Errorf("no reopened event: %v", kinds)
		}
	})
}
