package repair

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/pdf"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// The repair's history as a PDF (issue 44): what a tenant takes to the
// council or a tribunal, and what a landlord shows to prove diligence. It
// prints the report, each clock with whether it was met, the notices
// sent, every line of the history with its UK time, and the photos with
// their SHA-256 and capture time; it is sealed through internal/signing's
// sealed documents (no signatures), so /verify says whether a PDF someone
// holds is the one OmniRent made. The same content asked twice is the same
// sealed PDF: its version is the history's head and each clock's state.

// SealKind is the kind of a repair's sealed history in internal/signing.
const SealKind = "repair-history"

// HistoryTitle is the sealed document's title, as /verify shows it.
func historyTitle(r Repair) string { return "Repair history: " + r.Address }

// ukMoment is a moment as the history prints it: "Thu 17 Dec 2026, 14:03 (UK time)".
func ukMoment(t time.Time) string {
	return t.In(clock.UK).Format("Mon 2 Jan 2006, 15:04") + " (UK time)"
}

// HistoryPDF is the repair's sealed history for one of its parties, with
// its download name.
func (s *Service) HistoryPDF(ctx context.Context, a session.Actor, id string) ([]byte, string, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, "", err
	}
	if s.ev.Seals == nil {
		return nil, "", apperr.Wrap(errNoEvidence, "repair history pdf")
	}
	r, err := repairByID(ctx, s.d.DB.Conn(), id)
	if err != nil {
		return nil, "", err
	}
	if _, err := s.viewerOf(ctx, a, r); err != nil {
		return nil, "", err
	}
	h, err := s.historyOf(ctx, r)
	if err != nil {
		return nil, "", err
	}
	_, b, err := s.ev.Seals.SealDocument(ctx, SealKind, r.ID, h.version(), historyTitle(r), func(seal signing.Seal) ([]byte, error) {
		return s.drawHistory(ctx, h, seal)
	})
	if err != nil {
		return nil, "", err
	}
	day := s.now().In(clock.UK).Format("2006-01-02")
	return b, "repair-history-" + day + ".pdf", nil
}

// history is what the PDF prints, read once.
type history struct {
	r         Repair
	events    []Event
	deadlines []Deadline
	photos    []photo.Evidence
	files     []FileView
	now       time.Time
	chainOK   bool
}

func (s *Service) historyOf(ctx context.Context, r Repair) (history, error) {
	conn := s.d.DB.Conn()
	h := history{r: r, now: s.now()}
	var err error
	if h.events, err = eventsOf(ctx, conn, r.ID); err != nil {
		return h, err
	}
	if h.deadlines, err = deadlinesOf(ctx, conn, r.ID); err != nil {
		return h, err
	}
	if s.ev.Photos != nil {
		if h.photos, err = s.ev.Photos.Evidences(ctx, KindRepair, r.ID); err != nil {
			return h, err
		}
	}
	if h.files, err = filesOf(ctx, conn, r.ID); err != nil {
		return h, err
	}
	h.chainOK = VerifyChain(h.events) == nil
	return h, nil
}

// version is what the PDF shows, in one word: the history's head, each
// clock's state, the photos (a photo deleted would change it).
func (h history) version() string {
	x := sha256.New()
	fmt.Fprintf(x, "%d:%s\n", h.r.Seq, h.r.LastHash)
	for _, d := range h.deadlines {
		fmt.Fprintf(x, "%d:%s:%s\n", d.Cycle, d.RuleID, d.State(h.now))
	}
	for _, p := range h.photos {
		fmt.Fprintf(x, "p:%s\n", p.SHA256)
	}
	videos, _ := videosOf(h.r.ID, h.files, nil)
	for _, v := range videos {
		fmt.Fprintf(x, "v:%s\n", v.SHA256)
	}
	return hex.EncodeToString(x.Sum(nil))
}

var brand = pdf.Colour{15, 76, 129}

const keyW = 150.0

// stateText is a clock's state as the PDF says it.
func stateText(d Deadline, now time.Time) string {
	switch d.State(now) {
	case "met":
		return "Met: " + ukMoment(*d.MetAt)
	case "met_late":
		return "Met late: " + ukMoment(*d.MetAt)
	case "missed":
		return "Missed"
	case "stopped":
		return "Not needed (the repair ended first)"
	}
	if now.After(d.DueAt) {
		return "Overdue"
	}
	return "Open"
}

func (s *Service) drawHistory(ctx context.Context, h history, seal signing.Seal) ([]byte, error) {
	r := h.r
	d, err := pdf.New(pdf.Info{Title: historyTitle(r), Author: "OmniRent", Created: seal.At,
		Footer: "Repair history · " + seal.PublicRef + " · sealed " + ukMoment(seal.At)})
	if err != nil {
		return nil, err
	}
	d.Heading("Repair history", 20, brand)
	d.Font(false, 10, pdf.Ink)
	d.Pair("Home", r.Address, keyW)
	d.Pair("Repair", s.categoryName(r.Category)+": "+r.Room, keyW)
	d.Pair("Status", StatusText[r.Status], keyW)
	d.Pair("Priority", priorityWord(r.Priority), keyW)
	if r.ReporterRole == RoleLandlord {
		d.Pair("Reported", "Recorded by "+r.ReporterName+" (landlord), told by "+ChannelText[r.Channel], keyW)
	} else {
		d.Pair("Reported", "By "+r.ReporterName+" (tenant) on OmniRent", keyW)
	}
	d.Pair("Landlord made aware", ukMoment(r.AwareAt), keyW)
	if r.Repeats > 0 {
		d.Pair("Reopened", fmt.Sprintf("%d time(s): a repeat repair", r.Repeats), keyW)
	}
	d.Pair("Description", r.Description, keyW)
	if len(r.Vulnerability) > 0 {
		d.Pair("Vulnerability", "The tenant shared, with consent, that someone in the home is vulnerable.", keyW)
	}
	d.Pair("Document reference", seal.PublicRef, keyW)
	d.Pair("Sealed", ukMoment(seal.At), keyW)

	d.Heading("Deadlines", 14, brand)
	d.Font(false, 9, pdf.Muted)
	d.Paragraph("Each clock counts from when the landlord was made aware (or from the step that starts it), on the bank holidays of "+
		r.Jurisdiction+". A legal deadline is set by law; a target is good practice.", 9)
	if len(h.deadlines) == 0 {
		d.Paragraph("No deadline applied to this repair.", 10)
	} else {
		rows := [][]string{}
		for _, dl := range h.deadlines {
			kind := "Target"
			if dl.Kind == Legal {
				kind = "Legal deadline"
			}
			state := stateText(dl, h.now)
			if dl.NoticeAt != nil {
				state += "; the tenant was told it could not be met (" + ukMoment(*dl.NoticeAt) + ")"
			}
			rows = append(rows, []string{dl.Title + " (" + kind + ")", dl.Label(), state, dl.Source})
		}
		d.Table([]pdf.Column{{Title: "Clock", Width: 140}, {Title: "Due", Width: 130}, {Title: "Met?", Width: 120}, {Title: "Source", Width: 121}}, rows, 8)
	}

	notices := []Event{}
	for _, e := range h.events {
		if e.Kind == EventNotice && e.ActorRole != RoleSystem {
			notices = append(notices, e)
		}
	}
	d.Heading("Notices sent to the tenant", 14, brand)
	if len(notices) == 0 {
		d.Paragraph("No notice that a deadline could not be met was sent.", 10)
	}
	for _, e := range notices {
		d.Font(true, 10, pdf.Ink)
		for _, l := range d.Wrap(ukMoment(e.At)+": "+s.eventText(e), pdf.PageW-2*pdf.Margin) {
			d.Line(l)
		}
		d.Font(false, 10, pdf.Ink)
		if e.Body != "" {
			d.Pair("Why", e.Body, 90)
		}
		for _, k := range []string{"expectedBy", "mitigation"} {
			if v, ok := e.Data[k].(string); ok && v != "" {
				label := map[string]string{"expectedBy": "Expected by", "mitigation": "Meanwhile"}[k]
				if k == "expectedBy" {
					if t, err := time.Parse(time.DateOnly, v); err == nil {
						v = t.Format("Mon 2 Jan 2006")
					}
				}
				d.Pair(label, v, 90)
			}
		}
	}

	d.Heading("Timeline", 14, brand)
	for _, e := range h.events {
		d.Room(40)
		d.Font(true, 9.5, pdf.Ink)
		d.Line(ukMoment(e.At) + " · " + roleWord(e.ActorRole))
		d.Font(false, 9.5, pdf.Ink)
		d.Paragraph(s.eventText(e), 9.5)
		if e.Body != "" {
			d.Paragraph("“"+e.Body+"”", 9.5)
		}
		if sum, ok := e.Data["sha256"].(string); ok && sum != "" {
			d.Font(false, 8, pdf.Muted)
			d.Line("SHA-256 of the file: " + sum)
		}
	}

	if len(h.photos) > 0 {
		d.Heading("Photos", 14, brand)
		d.Font(false, 9, pdf.Muted)
		d.Paragraph("Each photo as stored (location data removed). The SHA-256 identifies the stored file; the capture time is the one the phone recorded, when it did.", 9)
		s.drawPhotos(ctx, d, h)
	}

	if videos, _ := videosOf(r.ID, h.files, h.events); len(videos) > 0 {
		d.Heading("Videos", 14, brand)
		d.Font(false, 9, pdf.Muted)
		d.Paragraph("Each video is kept as recorded, with the location and the phone's details removed from it; it can be watched on the repair's page. The SHA-256 identifies the stored file; the capture time is the one the phone recorded, when it did.", 9)
		for i, v := range videos {
			d.Room(40)
			d.Font(true, 9.5, pdf.Ink)
			d.Line(fmt.Sprintf("Video %d · %s · added %s", i+1, durationWords(v.Seconds), ukMoment(v.UploadedAt)))
			d.Font(false, 9.5, pdf.Ink)
			taken := "Capture time not recorded by the phone"
			if v.CapturedAt != nil {
				taken = "Taken " + ukMoment(*v.CapturedAt)
			}
			if v.By != "" {
				taken += " · added by " + v.By
			}
			d.Line(taken)
			d.Font(false, 8, pdf.Muted)
			d.Line("SHA-256 " + v.SHA256)
		}
	}

	d.Heading("Checking this document", 14, brand)
	d.Paragraph("OmniRent sealed this history on "+ukMoment(seal.At)+" under the reference "+seal.PublicRef+
		". To check that it is genuine and unaltered, upload this PDF at "+seal.VerifyURL+
		", or type the reference and the PDF's SHA-256 there.", 10)
	chain := "Every line of the history is chained to the one before by its SHA-256, so a line changed or removed after it was recorded breaks the chain. The chain of this history holds."
	if !h.chainOK {
		chain = "Warning: the chain of this history's lines does not hold: a line was changed after it was recorded."
	}
	d.Paragraph(chain, 10)
	if r.LastHash != "" {
		d.Font(false, 8, pdf.Muted)
		d.Line(fmt.Sprintf("Last line (%d): %s", r.Seq, r.LastHash))
	}
	return d.Bytes()
}

// photoBox: two photos a row.
const (
	photoW   = 245.0
	photoH   = 184.0
	photoGap = 21.0
)

func (s *Service) drawPhotos(ctx context.Context, d *pdf.Doc, h history) {
	for i := 0; i < len(h.photos); i += 2 {
		row := h.photos[i:min(i+2, len(h.photos))]
		d.Room(photoH + 48)
		for j, p := range row {
			x := pdf.Margin + float64(j)*(photoW+photoGap)
			s.drawPhoto(ctx, d, h.r.ID, p, x, d.Y)
			d.Font(true, 8, pdf.Ink)
			d.At(x, d.Y+photoH+4, fmt.Sprintf("Photo %d · added %s", i+j+1, ukMoment(p.UploadedAt)))
			d.Font(false, 7.5, pdf.Muted)
			taken := "Capture time: not recorded by the phone"
			if p.CapturedAt != nil {
				taken = "Taken " + ukMoment(*p.CapturedAt)
			}
			d.At(x, d.Y+photoH+14, taken)
			d.At(x, d.Y+photoH+24, "SHA-256 "+p.SHA256[:min(32, len(p.SHA256))])
			d.At(x, d.Y+photoH+33, "        "+p.SHA256[min(32, len(p.SHA256)):])
		}
		d.Y += photoH + 48
	}
	d.Font(false, 10, pdf.Ink)
}

// maxPhotoBytes: a copy larger than this (the original, before the resize
// job made the thumbnail) is scaled down before it goes in the PDF, so 30
// photos stay within a few megabytes.
const maxPhotoBytes = 400 << 10

func (s *Service) drawPhoto(ctx context.Context, d *pdf.Doc, repairID string, p photo.Evidence, x, y float64) {
	data, err := s.ev.Photos.Bytes(ctx, KindRepair, repairID, p.Name, photo.Thumb)
	if err == nil && len(data) > maxPhotoBytes {
		if kind, kerr := imaging.Sniff(data); kerr == nil {
			if out, _, _, rerr := imaging.Resize(imaging.WithoutWaitLimit(ctx), data, kind, photo.ThumbMaxW, photo.ThumbMaxH); rerr == nil {
				data = out
			}
		}
	}
	if err == nil {
		if cfg, _, cerr := image.DecodeConfig(bytes.NewReader(data)); cerr == nil && cfg.Width > 0 {
			if d.Image(data, x, y, photoW, photoH) == nil {
				return
			}
		}
	}
	d.Fill(pdf.Colour{226, 232, 240})
	d.RectFromUpperLeftWithStyle(x, y, photoW, photoH, "F")
	d.Font(false, 9, pdf.Muted)
	d.At(x+80, y+photoH/2-4, "Photo unavailable")
}

func roleWord(r Role) string {
	switch r {
	case RoleTenant:
		return "Tenant"
	case RoleLandlord:
		return "Landlord"
	}
	return "OmniRent"
}

func priorityWord(p Priority) string {
	if p == "" {
		return "Not set"
	}
	return strings.ToUpper(string(p[:1])) + string(p[1:])
}
