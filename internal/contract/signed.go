package contract

import "context"

// SignedFor lists the agreements signed by everyone (being sealed or
// sealed) on which this e-mail address is a tenant, newest first, with
// their properties: the homes whose repairs the tenant may report and see
// (internal/repair, through internal/app). A system reader: the caller
// passes the signed-in tenant's own address.
func (s *Service) SignedFor(ctx context.Context, email string) ([]Record, error) {
	list, err := byTenantEmail(ctx, s.db.Conn(), email, ADS, Completed)
	if err != nil {
		return nil, err
	}
	return s.withPlaces(ctx, list)
}

// withPlaces pairs each agreement with its property, in list's order.
func (s *Service) withPlaces(ctx context.Context, list []Contract) ([]Record, error) {
	places, err := s.placesOf(ctx, list)
	if err != nil {
		return nil, err
	}
	out := make([]Record, 0, len(list))
	for _, c := range list {
		out = append(out, Record{Contract: c, Property: places[c.PropertyID]})
	}
	return out, nil
}
