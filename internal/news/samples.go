package news

import "time"

// sampleArticles stand in when a view has nothing collected, so the page
// is never empty offline. They are written by OmniRent (marked Sample) and
// link to the public guidance they summarise. Ages are relative to now.
var sampleArticles = map[View][]struct {
	title, content, url string
	hoursAgo            int
}{
	UK: {
		{"Renters' Rights Act: what changed for tenancies on 1 May 2026",
			"Assured shorthold tenancies became periodic assured tenancies, section 21 'no fault' evictions ended and rent can rise once a year through a section 13 notice. Here is what landlords and tenants need to know.",
			"https://www.gov.uk/private-renting", 3},
		{"Deposit protection: the 30-day rule still applies",
			"A tenancy deposit must be protected in a government-approved scheme and the prescribed information given within 30 days. Getting it wrong can cost one to three times the deposit.",
			"https://www.gov.uk/deposit-protection-schemes-and-landlords", 9},
		{"Right to rent: a new code of practice from 1 October 2026",
			"Landlords in England must check every adult occupier's right to rent before a tenancy starts, using documents, an identity service provider or a Home Office share code.",
			"https://www.gov.uk/check-tenant-right-to-rent-documents", 20},
		{"Tenant Fees Act: deposits capped at five weeks' rent",
			"Security deposits are capped at five weeks' rent where the annual rent is under £50,000, and six weeks above it. Holding deposits are capped at one week's rent.",
			"https://www.gov.uk/government/publications/tenant-fees-act", 30},
		{"Letting a property: the landlord's checklist",
			"Gas safety certificates, electrical safety reports, an Energy Performance Certificate and the How to Rent guide are among the documents a landlord must give tenants.",
			"https://www.gov.uk/renting-out-a-property", 44},
		{"Renting with pets: requests must be answered within 28 days",
			"Tenants can ask in writing to keep a pet. Landlords must reply within 28 days and may refuse only on reasonable grounds, in writing.",
			"https://www.gov.uk/private-renting", 60},
	},
	World: {
		{"Housing affordability across OECD countries",
			"Rents have outpaced incomes in many countries over the last decade. The OECD's housing data compares rent burdens, tenure and housing policy across its members.",
			"https://www.oecd.org/", 5},
		{"Why rental supply matters for cities",
			"Studies of large cities suggest that adding rental homes near jobs and transport eases rents for everyone, not only the new tenants.",
			"https://www.worldbank.org/", 16},
		{"European rents and house prices: the latest figures",
			"Eurostat's house price and rent indices show how quickly costs change across the European Union, country by country.",
			"https://ec.europa.eu/eurostat", 28},
		{"The right to adequate housing",
			"Security of tenure, affordability and habitability are part of the right to adequate housing recognised in international law.",
			"https://www.un.org/", 52},
	},
}

func samples(v View, now time.Time) []Article {
	out := []Article{}
	for _, s := range sampleArticles[v] {
		out = append(out, shape(Article{Title: s.title, Source: "OmniRent", Content: s.content, Author: "OmniRent team",
			URL: s.url, PublishedAt: now.Add(-time.Duration(s.hoursAgo) * time.Hour).UTC().Truncate(time.Minute), Sample: true}))
	}
	return out
}
