package demo

import (
	"bytes"
	"context"

	"github.com/omnirent/omnirent/internal/blog"
	"github.com/omnirent/omnirent/internal/session"
)

// SeedBlog writes the three demo posts the first time (when the blog is
// empty), each with a drawn main image and the team's avatar.
// seeder is who writes the demo content: the platform itself, as an admin.
var seeder = session.Actor{UserID: "demo-seed", FullName: "OmniRent demo data", Role: session.RoleAdmin}

func SeedBlog(ctx context.Context, b *blog.Service) error {
	existing, err := b.All(ctx, seeder)
	if err != nil || len(existing) > 0 {
		return err
	}
	face, err := b.UploadImage(ctx, seeder, bytes.NewReader(avatar(256)))
	if err != nil {
		return err
	}
	for i, p := range demoPosts {
		main, err := b.UploadImage(ctx, seeder, bytes.NewReader(houseScene(1200, 630, i)))
		if err != nil {
			return err
		}
		if _, err := b.Create(ctx, seeder, blog.Input{Title: p.title, Body: p.body, MainImage: main.Name, AuthorName: "OmniRent team",
			AuthorImage: face.Name, Status: blog.Published}); err != nil {
			return err
		}
	}
	return nil
}

// Oldest first, so the newest post is the first on /Blog.
var demoPosts = []struct{ title, body string }{
	{"Right to rent checks: what landlords must do", `Before a tenancy starts, a landlord in England must check that **every adult who will live in the property** has the right to rent. The penalty for getting it wrong is up to £10,000 per occupier, and a new code of practice took effect on 1 October 2026.

## Three ways to check

1. **A manual document check**: see the original documents with the person present (in person or by video), and keep a copy.
2. **An identity service provider**: a certified digital check for British and Irish citizens with a valid passport.
3. **A Home Office share code**: for people with an eVisa or settled status, checked online on GOV.UK.

## Good practice

- Check everyone the same way, whatever their background; singling people out is discrimination.
- Record the date of the check and keep the evidence for the whole tenancy and a year after.
- Diary a follow-up check when someone's permission is time-limited.

OmniRent's reference check asks renters whether they hold their right to rent documents, but **the landlord must still carry out the check** before the tenancy begins. See [GOV.UK: check your tenant's right to rent](https://www.gov.uk/check-tenant-right-to-rent-documents).`},
	{"Deposit protection: a guide for landlords and tenants", `A tenancy deposit is the tenant's money, held as security. The law on it is short and strict.

## How much

Under the Tenant Fees Act 2019 a security deposit is capped at **five weeks' rent** when the annual rent is under £50,000, and **six weeks' rent** at £50,000 or more. A holding deposit is capped at one week's rent.

## Protect it within 30 days

Within 30 days of receiving it, the landlord must:

- place the deposit in a government-approved scheme (the Deposit Protection Service, mydeposits or the Tenancy Deposit Scheme), and
- give the tenant the *prescribed information*: which scheme, how to get the deposit back and what to do in a dispute.

Miss either and a court can order the landlord to pay the tenant **one to three times the deposit**.

## At the end of the tenancy

Agree deductions in writing, backed by the check-in inventory and the check-out report. If you cannot agree, the scheme's free dispute service decides. An OmniScan inventory report made at the start makes this far easier for both sides.`},
	{"What the Renters' Rights Act changed on 1 May 2026", `The first phase of the Renters' Rights Act 2025 came into force on **1 May 2026** in England. It is the biggest change to private renting in more than thirty years.

## Tenancies

- No new assured shorthold tenancies: every tenancy is now an **assured periodic tenancy**, with a rent period of a month or less.
- Existing ASTs became periodic on 1 May 2026; fixed terms can no longer be created.
- Tenants can leave with **two months' notice**.

## Ending a tenancy

Section 21 "no fault" notices are abolished. A landlord can end a tenancy only on a statutory ground (section 8), such as selling, moving in, or rent arrears, and many grounds need four months' notice.

## Rent

- The rent can go up **once a year**, only by a section 13 notice with at least two months' notice; rent-review clauses no longer work.
- Rent in advance is capped at one month, and rental bidding is banned: the advertised rent is the rent.

## Fair treatment

Refusing tenants because they have children or receive benefits is unlawful. Tenants can ask to keep a pet; landlords must answer within 28 days and can refuse only on reasonable grounds.

OmniRent's contracts and reference checks follow these rules. Read the [government's guide to private renting](https://www.gov.uk/private-renting).`},
}
