package contract

import (
	"context"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The advertised rent binds the agreement made from the advert (law.
// advertisedRent). A listing taken down keeps binding: an outside probe
// unpublished a listing at £1,850 a month, made and sealed an agreement at
// £2,500, and published the listing again. Its last advert binds until an
// agreement for the property is sent for signing after it: that agreement
// is the tenancy the advert found, and a later one (a new tenant, years on)
// is not held to an old advert.

// advertUsed tells whether an agreement for the property, other than this
// one, was sent for signing at or after its last advert.
func advertUsed(ctx context.Context, conn db.Conn, c Contract, ad *AdvertisedRent) (bool, error) {
	var n int
	err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM contracts WHERE property_id = ? AND id <> ? AND sent_at IS NOT NULL AND sent_at >= ?`,
		c.PropertyID, c.ID, ad.At.UnixMilli()).Scan(&n)
	return n > 0, apperr.Wrap(err, "read agreements sent after the advert")
}

// bindingAdvert drops from p an advert that no longer binds c: one taken
// down and used by an agreement sent since. A published listing's rent
// always binds.
func (s *Service) bindingAdvert(ctx context.Context, c Contract, p Property) Property {
	if p.Advertised == nil || p.Advertised.Listed {
		return p
	}
	used, err := advertUsed(ctx, s.db.Conn(), c, p.Advertised)
	if err == nil && used {
		p.Advertised = nil
	}
	return p
}
