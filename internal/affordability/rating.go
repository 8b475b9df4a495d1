package affordability

import "fmt"

// rate decides the overall rating and lists every reason, in the order a
// landlord would read them: money first, then the checks, then the answers.
func rate(r Report, rules Rules) (Rating, []Reason) {
	rating := Pass
	var reasons []Reason
	worse := func(to Rating) {
		if to == Fail || (to == Refer && rating == Pass) {
			rating = to
		}
	}
	say := func(e Effect, format string, args ...any) {
		reasons = append(reasons, Reason{Effect: e, Text: fmt.Sprintf(format, args...)})
		switch e {
		case Referred:
			worse(Refer)
		case Failed:
			worse(Fail)
		}
	}

	annual := r.VerifiedMonthlyPence * 12
	switch {
	case r.VerifiedMonthlyPence == 0:
		say(Failed, "No regular income was found in the bank account over the %d months analysed.", max(r.MonthsAnalysed, 12))
	case r.AffordabilityRatio >= rules.PassMultiple:
		say(Positive, "Verified income of %s a year is %.1f times the monthly rent share of %s; at least %g times is needed to pass.",
			pounds(annual), r.AffordabilityRatio, pounds(r.RentSharePence), rules.PassMultiple)
	case r.AffordabilityRatio >= rules.ReferMultiple:
		say(Referred, "Verified income of %s a year is %.1f times the monthly rent share of %s: below the %g times that passes, "+
			"so it is referred to you (a guarantor or a larger share of the rent paid by others would help).",
			pounds(annual), r.AffordabilityRatio, pounds(r.RentSharePence), rules.PassMultiple)
	default:
		say(Failed, "Verified income of %s a year is only %.1f times the monthly rent share of %s; below %g times does not pass "+
			"without a guarantor.", pounds(annual), r.AffordabilityRatio, pounds(r.RentSharePence), rules.ReferMultiple)
	}

	if r.DeclaredMonthlyPence > 0 && r.VerifiedMonthlyPence > 0 {
		diff := float64(r.DeclaredMonthlyPence-r.VerifiedMonthlyPence) / float64(r.DeclaredMonthlyPence)
		if r.IncomeShortfall {
			say(Referred, "Verified monthly income of %s is %.0f%% below the %s the renter declared.",
				pounds(r.VerifiedMonthlyPence), diff*100, pounds(r.DeclaredMonthlyPence))
		} else {
			say(Positive, "Verified monthly income of %s is in line with the %s the renter declared.",
				pounds(r.VerifiedMonthlyPence), pounds(r.DeclaredMonthlyPence))
		}
	}

	var benefits int64
	for _, s := range r.Sources {
		if s.Category == Benefits {
			benefits += s.MonthlyPence
		}
	}
	if benefits > 0 {
		say(Info, "Benefits of %s a month are counted as income like any other income.", pounds(benefits))
	}

	if r.VerifiedMonthlyPence > 0 {
		if r.SpendingRatio >= rules.SpendingShare {
			say(Referred, "Regular outgoings of %s a month take %s of income.", pounds(r.RegularOutgoingsPence), percent(r.SpendingRatio))
		} else {
			say(Info, "Regular outgoings of %s a month take %s of income.", pounds(r.RegularOutgoingsPence), percent(r.SpendingRatio))
		}
	}

	switch {
	case r.Gambling.Payments == 0:
		say(Positive, "No gambling payments were found.")
	case r.Gambling.ShareOfIncome >= rules.GamblingShare ||
		float64(r.Gambling.Payments)/float64(max(r.MonthsAnalysed, 1)) >= rules.GamblingPerMonth:
		say(Referred, "%d gambling payments totalling %s, %s of income: frequent gambling.",
			r.Gambling.Payments, pounds(r.Gambling.TotalPence), percent(r.Gambling.ShareOfIncome))
	default:
		say(Info, "%d gambling payments totalling %s, %s of income.",
			r.Gambling.Payments, pounds(r.Gambling.TotalPence), percent(r.Gambling.ShareOfIncome))
	}

	if r.NameMatches {
		say(Positive, "The bank account holder's name matches the renter.")
	} else {
		say(Referred, "The bank account is in the name of %s, which does not match the renter's name.", list(r.AccountHolders))
	}

	d := r.Declaration
	if d.RightToRentDocuments {
		say(Info, "The renter declares they have their Right to Rent documents; you must still check them before the tenancy starts.")
	} else {
		say(Referred, "The renter did not declare having Right to Rent documents; you must check their right to rent before the tenancy starts.")
	}
	say(Info, "Pets: %s. Smoking: %s. (These answers are for information and never change the rating.)",
		yesNo(!d.NoPets, "has pets", "no pets"), yesNo(!d.NoSmoking, "smokes", "does not smoke"))
	if r.Age > 0 {
		say(Info, "Age %d, from the date of birth given.", r.Age)
	}
	if d.PreviousManagerEmail != "" {
		say(Info, "Previous property manager: %s.", d.PreviousManagerEmail)
	}
	return rating, reasons
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func list(names []string) string {
	if len(names) == 0 {
		return "nobody known"
	}
	out := names[0]
	for _, n := range names[1:] {
		out += " and " + n
	}
	return out
}
