package repair

import (
	"context"

	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy"
)

// FormHome is a home a tenant may report a repair for.
type FormHome struct {
	PropertyID   string `json:"propertyId"`
	Address      string `json:"address"`
	Jurisdiction string `json:"jurisdiction"`
}

// Form is what the report and the landlord's pages need: the category tree,
// the rooms, the safety advice of each nation, and the lists of choices.
// The rules stay on the server; the pages only show them.
type Form struct {
	Homes               []FormHome                   `json:"homes"`
	Categories          []Category                   `json:"categories"`
	Rooms               []string                     `json:"rooms"`
	Safety              map[string]map[string]Advice `json:"safety"`
	Priorities          []Priority                   `json:"priorities"`
	Hazards             []Labelled                   `json:"hazards"`
	VulnerabilityGroups []Labelled                   `json:"vulnerabilityGroups"`
	Channels            []Labelled                   `json:"channels"`
	DeclineReasons      []Labelled                   `json:"declineReasons"`
	HoldReasons         []Labelled                   `json:"holdReasons"`
	Limits              map[string]int               `json:"limits"`
}

// Form answers the signed-in user; a tenant also gets the homes they may
// report for (none until an agreement is signed by everyone).
func (s *Service) Form(ctx context.Context, a session.Actor) (Form, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Form{}, err
	}
	f := Form{Homes: []FormHome{}, Categories: s.d.Data.Tree.Categories, Rooms: s.d.Data.Tree.Rooms,
		Safety: map[string]map[string]Advice{}, Priorities: Priorities, Hazards: labelled(Hazards, HazardText),
		VulnerabilityGroups: labelled(VulnerabilityGroups, VulnerabilityText), Channels: labelled(Channels, ChannelText),
		DeclineReasons: labelled(DeclineReasons, DeclineText), HoldReasons: labelled(HoldReasons, HoldText),
		Limits: map[string]int{"description": MaxDescription, "room": MaxRoom, "availability": MaxAvailability, "note": MaxNote,
			"channelNote": MaxChannelNote, "message": MaxMessage}}
	for _, j := range tenancy.Jurisdictions() {
		f.Safety[j] = map[string]Advice{}
		for _, sa := range s.d.Data.Tree.Safety {
			if adv, ok := s.d.Data.Tree.AdviceFor(sa.ID, j); ok {
				f.Safety[j][sa.ID] = adv
			}
		}
	}
	if !a.IsLandlord() {
		homes, err := s.d.Homes.TenantHomes(ctx, a.Email)
		if err != nil {
			return Form{}, err
		}
		seen := map[string]bool{}
		for _, h := range homes {
			if !seen[h.PropertyID] {
				seen[h.PropertyID] = true
				f.Homes = append(f.Homes, FormHome{PropertyID: h.PropertyID, Address: h.Address, Jurisdiction: h.Jurisdiction})
			}
		}
	}
	return f, nil
}
