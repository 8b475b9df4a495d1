package savedsearch

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/money"
)

// emailListing is one listing of the daily e-mail.
type emailListing struct {
	Title, Place, Price, Link string
}

// Title words a listing as its page does: "2 bedroom home to rent in
// Clapham", "Studio to rent in Clapham".
func Title(l Listing) string {
	what := fmt.Sprintf("%d bedroom home", l.Bedrooms)
	if l.Bedrooms == 0 {
		what = "Studio"
	}
	if t := strings.TrimSpace(l.Town); t != "" {
		return what + " to rent in " + t
	}
	return what + " to rent"
}

// Price words the rent: "£1,850 pcm"; a weekly rent with its monthly
// equivalent, "£200 pcw (£866.67 pcm)".
func Price(l Listing) string {
	short := func(p int64) string { return strings.TrimSuffix(money.Format(p), ".00") }
	if l.Weekly {
		return fmt.Sprintf("%s pcw (%s pcm)", short(l.RentPence), short(l.MonthlyPence))
	}
	return short(l.RentPence) + " pcm"
}

func (s *Service) digest(to, name string, ss SavedSearch, found []Listing, token string) mail.Email {
	base := strings.TrimRight(s.d.BaseURL, "/")
	items := make([]emailListing, len(found))
	for i, l := range found {
		place := strings.TrimSpace(l.Town)
		if l.District != "" {
			place = strings.TrimPrefix(place+", "+l.District, ", ")
		}
		items[i] = emailListing{Title: Title(l), Place: place, Price: Price(l), Link: base + "/DetailPage/" + url.PathEscape(l.ID)}
	}
	heading := fmt.Sprintf("%d new listings for “%s”", len(found), ss.Name)
	if len(found) == 1 {
		heading = fmt.Sprintf("1 new listing for “%s”", ss.Name)
	}
	more := ""
	if len(found) == listingsPerEmail {
		more = "There may be more: open the search to see them all."
	}
	unsubscribe := base + "/saved-searches/unsubscribe?token=" + url.QueryEscape(token)
	return mail.Email{To: to, Subject: heading, Template: "savedsearch", Headers: map[string]string{"List-Unsubscribe": "<" + unsubscribe + ">"}, Data: map[string]any{
		"Name": name, "Heading": heading, "Listings": items, "More": more,
		"SearchLink":      base + "/listing?" + ss.Query,
		"UnsubscribeLink": unsubscribe,
		"ManageLink":      base + "/profile/saved-searches",
	}}
}
