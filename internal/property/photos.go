package property

import "context"

// PhotoLister gives the photos of properties, keyed by property id, in the
// order they were uploaded. The photo mechanism serves it (kind
// "property"), connected at wiring time (internal/app/photos.go).
type PhotoLister interface {
	PhotosOf(ctx context.Context, propertyIDs []string) (map[string][]Photo, error)
	// ViewsColumn lends a statement of this package the photos of kind
	// whose owner is the statement's column ownerIDColumn, as one column
	// whose value ViewsIn reads: the search reads its page and the page's
	// photos in one statement (issue 43), without naming the photo
	// mechanism's table (photo.Service.ViewsColumn).
	ViewsColumn(kindName, ownerIDColumn string) string
	ViewsIn(column string) ([]Photo, error)
}

// SetPhotos connects the photo lister (tests and tools may leave it unset).
func (s *Service) SetPhotos(l PhotoLister) { s.photos, s.pageSelect = l, pageSelectOf(l) }

// withPhotos fills Photos of each property with one query for all of them.
func (s *Service) withPhotos(ctx context.Context, ps []*Property) error {
	if s.photos == nil || len(ps) == 0 {
		return nil
	}
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	byID, err := s.photos.PhotosOf(ctx, ids)
	if err != nil {
		return err
	}
	for _, p := range ps {
		p.Photos = byID[p.ID]
	}
	return nil
}

func pointers(ps []Property) []*Property {
	out := make([]*Property, len(ps))
	for i := range ps {
		out[i] = &ps[i]
	}
	return out
}
