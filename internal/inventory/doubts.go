package inventory

import (
	"fmt"
	"time"

	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/photo"
)

// A photo's own time and place come from its file (EXIF), which a wrong
// camera clock, a picture from the gallery or one taken elsewhere can make
// misleading. A report is evidence, so a time or place that cannot be
// right, or does not fit the inspection, is said so in plain words: at the
// photo's caption and on the evidence page of the PDF, and in the evidence
// the report's pages read (PhotoEvidence.Notes). A time noted so is not the
// one a caption shows: it shows when the photo was uploaded.
const (
	// captureAfterUploadSlack is how far after its upload a photo's
	// capture time may be before it is taken as wrong: a phone's clock may
	// run a few minutes ahead of the server's (photo.CameraClockSkew).
	captureAfterUploadSlack = photo.CameraClockSkew
	// captureBeforeBegun is how long before the report was begun a photo
	// may have been taken before it is noted: a day leaves room for photos
	// taken the day before a report begun next morning; older ones may not
	// show the property as it was at the inspection.
	captureBeforeBegun = 24 * time.Hour
	// farFromPropertyKm is how far from the property a photo's position may
	// be before it is noted. The property's position is the centre of its
	// postcode district (geo.Locate, as properties store it), and a home
	// may lie several kilometres from that (nine districts in ten have a
	// neighbouring district's centre within 10 km, 99 in 100 within 18 km),
	// so a bound of 1 km would cast doubt on photos taken at the property;
	// 20 km still notes a photo taken in another town or country.
	farFromPropertyKm = 20.0
)

// doubt is one reason a photo's own time or place is not relied on: Short
// under its thumbnail ("" for none), Long on the evidence page and in
// pages' data.
type doubt struct {
	Short, Long string
	// Time is set when the doubt is about the capture time, which captions
	// then do not show.
	Time bool
}

// position is where the property is, as properties place it: the centre of
// its postcode district; ok is false without a known postcode.
func (p Property) position() (geo.Point, bool) { return geo.Default().Locate(p.Postcode) }

// doubtsOf are the doubts about a photo of a report begun at begun, of the
// property p.
func doubtsOf(e photo.Evidence, begun time.Time, p Property) []doubt {
	var out []doubt
	if c := e.CapturedAt; c != nil {
		switch {
		case c.After(e.UploadedAt.Add(captureAfterUploadSlack)):
			out = append(out, doubt{Time: true, Short: "Camera date after upload: not relied on",
				Long: fmt.Sprintf("The camera's date (%s) is after the photo was uploaded (%s), which cannot be right: the camera's date is not relied on.",
					ukShort(*c), ukShort(e.UploadedAt))})
		case c.Before(begun.Add(-captureBeforeBegun)):
			out = append(out, doubt{Time: true, Short: "Camera date over a day before the report",
				Long: fmt.Sprintf("The camera's date (%s) is more than a day before this report was begun (%s): the photo may not show the property at the inspection.",
					ukShort(*c), ukShort(begun))})
		}
	}
	if e.Lat != nil && e.Lng != nil {
		if home, ok := p.position(); ok {
			if km := geo.Miles(geo.Point{Lat: *e.Lat, Lon: *e.Lng}, home) * 1.609344; km > farFromPropertyKm {
				out = append(out, doubt{Short: fmt.Sprintf("Taken about %.0f km from the property", km),
					Long: fmt.Sprintf("The camera's position (%.5f, %.5f) is about %.0f km from the centre of the property's postcode district: the photo may not have been taken at the property.",
						*e.Lat, *e.Lng, km)})
			}
		}
	}
	if e.CameraNotConfirmed {
		out = append(out, doubt{ // the caption's term already says Added
			Long: "Sent as taken with the app's camera just before upload, but the camera's date does not fit that: recorded as Added."})
	}
	return out
}

// PhotoEvidence is a report's photo's evidence as its pages read it, with
// notes in plain words on a capture time or place not relied on.
type PhotoEvidence struct {
	photo.Evidence
	Notes []string `json:"notes"`
}

// withNotes are the evidences of the photos of report r, of property p,
// with their notes.
func withNotes(evs []photo.Evidence, r Report, p Property) []PhotoEvidence {
	out := make([]PhotoEvidence, 0, len(evs))
	for _, e := range evs {
		pe := PhotoEvidence{Evidence: e, Notes: []string{}}
		for _, d := range doubtsOf(e, r.CreatedAt, p) {
			pe.Notes = append(pe.Notes, d.Long)
		}
		out = append(out, pe)
	}
	return out
}
