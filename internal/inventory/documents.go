package inventory

import (
	"context"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The documents area (issue 16) reads the reports' own records through
// these two methods: the reports of a landlord's property, and the
// certificates recorded in their Documents and Compliance section (the same
// records, never copied). The caller has checked who asks.

// OfCreator lists the reports a landlord created, newest first: those of
// one property, or every one when propertyID is "".
func (s *Service) OfCreator(ctx context.Context, creatorID, propertyID string) ([]Report, error) {
	q, args := `SELECT `+cols+` FROM inventory_reports WHERE creator_id = ?`, []any{creatorID}
	if propertyID != "" {
		q, args = q+` AND property_id = ?`, append(args, propertyID)
	}
	list, err := db.All(ctx, s.db.Conn(), scan, q+` ORDER BY created_at DESC, id`, args...)
	return list, apperr.Wrap(err, "list reports of a landlord")
}

// ComplianceDocument is one certificate recorded in a report's Documents
// and Compliance section: Index is its place in the section.
type ComplianceDocument struct {
	ReportID     string
	ReportType   string
	ReportStatus string
	ReportDate   time.Time // when the report was begun
	CreatorID    string
	PropertyID   string
	Index        int
	Kind         string // EPC, Gas Safety Certificate, EICR, HMO License or the Other name
	Expiry       string // YYYY-MM-DD
	Files        []photo.View
}

// ComplianceDocuments lists the certificates recorded in the reports a
// landlord created (every landlord's when creatorID is ""), for one
// property or all (propertyID ""), newest report first.
func (s *Service) ComplianceDocuments(ctx context.Context, creatorID, propertyID string) ([]ComplianceDocument, error) {
	q, args := `SELECT `+cols+` FROM inventory_reports WHERE data LIKE ?`, []any{`%"documentsAndCompliance":[{%`}
	if creatorID != "" {
		q, args = q+` AND creator_id = ?`, append(args, creatorID)
	}
	if propertyID != "" {
		q, args = q+` AND property_id = ?`, append(args, propertyID)
	}
	list, err := db.All(ctx, s.db.Conn(), scan, q+` ORDER BY created_at DESC, id`, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list report documents")
	}
	ids := make([]string, 0, len(list))
	for _, r := range list {
		ids = append(ids, r.ID)
	}
	views := map[string][]photo.View{}
	if len(ids) > 0 && s.photos != nil {
		if views, err = s.photos.Of(ctx, photo.KindInventory, ids); err != nil {
			return nil, err
		}
	}
	out := []ComplianceDocument{}
	for _, r := range list {
		byName := map[string]photo.View{}
		for _, v := range views[r.ID] {
			byName[v.Name] = v
		}
		for i, d := range r.Data.Documents {
			if strings.TrimSpace(d.Kind) == "" || d.Expiry == "" {
				continue
			}
			doc := ComplianceDocument{ReportID: r.ID, ReportType: r.Type, ReportStatus: r.Status, ReportDate: r.CreatedAt,
				CreatorID: r.CreatorID, PropertyID: r.PropertyID, Index: i, Kind: d.Kind, Expiry: d.Expiry, Files: []photo.View{}}
			for _, n := range d.Files {
				if v, ok := byName[n]; ok {
					doc.Files = append(doc.Files, v)
				}
			}
			out = append(out, doc)
		}
	}
	return out, nil
}
