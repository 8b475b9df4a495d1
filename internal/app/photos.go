package app

import (
	"context"
	"io"

	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/session"
)

// PropertyPhotos is the photo mechanism as the property domain uses it:
// the photos of kind "property". The property domain uses the mechanism
// (its Photo is photo.View); the mechanism never imports an owning area.
type PropertyPhotos struct{ *photo.Service }

// PhotosOf implements property.PhotoLister.
func (p PropertyPhotos) PhotosOf(ctx context.Context, propertyIDs []string) (map[string][]property.Photo, error) {
	return p.Service.Of(ctx, photo.KindProperty, propertyIDs)
}

// Upload adds a photo to the owner's property (the demo data uses it).
func (p PropertyPhotos) Upload(ctx context.Context, o session.Actor, propertyID string, file io.Reader) (property.Photo, error) {
	return p.Service.Upload(ctx, photo.KindProperty, o, propertyID, file)
}

// propertyOwners answers the photo mechanism for kind "property": the
// landlord edits the photos of their own live property; who may see them
// is the property's visibility.
type propertyOwners struct{ properties *property.Service }

func (o propertyOwners) CanEdit(ctx context.Context, a session.Actor, propertyID string) error {
	_, err := o.properties.Get(ctx, a, propertyID)
	return err
}

func (o propertyOwners) Visibility(ctx context.Context, viewer session.Actor, propertyID string) (bool, bool, error) {
	return o.properties.Visibility(ctx, viewer.UserID, propertyID)
}
