package refcheck

import (
	"fmt"
	"time"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/platform/pdf"
)

// The report is drawn with the shared document package (internal/platform/pdf):
// its fonts cover the scripts renters' names are written in.

var (
	brand    = pdf.Colour{11, 92, 173}
	incomeC  = pdf.Colour{11, 92, 173}
	outgoC   = pdf.Colour{230, 126, 34}
	ratingsC = map[affordability.Rating]pdf.Colour{affordability.Pass: {22, 128, 61}, affordability.Refer: {180, 83, 9}, affordability.Fail: {185, 28, 28}}
)

// ReportPDF renders the landlord's report as an A4 PDF: the rating and its
// reasons, the key figures, income sources and a monthly
// income-versus-outgoings graph. It shows no individual transaction.
func ReportPDF(lr LandlordReport) ([]byte, error) {
	d, err := pdf.New(pdf.Info{Title: "Reference report: " + lr.Name, Author: "OmniRent", Created: lr.ReadyAt,
		Footer: "OmniRent reference report: " + lr.Name})
	if err != nil {
		return nil, err
	}
	rep := lr.Report

	// Header band.
	d.Fill(brand)
	d.RectFromUpperLeftWithStyle(0, 0, pdf.PageW, 64, "F")
	d.Font(true, 20, pdf.White)
	d.At(pdf.Margin, 22, "OmniRent reference report")
	d.Y = 84
	d.Font(true, 16, pdf.Ink)
	d.Line(lr.Name)
	d.Y += 2
	d.Font(false, 10, pdf.Muted)
	d.Line(fmt.Sprintf("%s · %s, %s %s", lr.Email, lr.Property.FirstLine, lr.Property.Town, lr.Property.Postcode))
	d.Line(fmt.Sprintf("Report of %s · bank data from %s to %s", lr.ReadyAt.In(clock.UK).Format("2 January 2006"),
		day(rep.PeriodFrom), day(lastDay(rep.PeriodTo))))

	// Rating badge.
	d.Y += 6
	d.Fill(ratingsC[rep.Rating])
	d.RectFromUpperLeftWithStyle(pdf.Margin, d.Y, 150, 30, "F")
	d.Font(true, 14, pdf.White)
	d.At(pdf.Margin+12, d.Y+8, "Rating: "+string(rep.Rating))
	d.Y += 44

	// Key figures.
	d.Heading("Key figures", 12, brand)
	gambling := "none"
	if rep.Gambling.Payments > 0 {
		gambling = fmt.Sprintf("%d payments, %s (%.1f%% of income)", rep.Gambling.Payments, money.Format(rep.Gambling.TotalPence), rep.Gambling.ShareOfIncome*100)
	}
	holder := "matches the renter"
	if !rep.NameMatches {
		holder = "does not match the renter"
	}
	d.Font(false, 10, pdf.Ink)
	for _, kv := range [][2]string{
		{"Verified monthly income", money.Format(rep.VerifiedMonthlyPence)},
		{"Declared monthly income", money.Format(rep.DeclaredMonthlyPence)},
		{"Monthly rent share", money.Format(rep.RentSharePence) + fmt.Sprintf(" (of %s rent)", money.Format(lr.RentPence))},
		{"Annual income / monthly rent share", fmt.Sprintf("%.1f (30 or more passes)", rep.AffordabilityRatio)},
		{"Regular outgoings", fmt.Sprintf("%s a month (%.1f%% of income)", money.Format(rep.RegularOutgoingsPence), rep.SpendingRatio*100)},
		{"Gambling", gambling},
		{"Account holder name", holder},
		{"Age", fmt.Sprint(rep.Age)},
	} {
		d.Pair(kv[0], kv[1], 210)
	}

	// Income sources.
	d.Heading("Income sources", 12, brand)
	d.Font(false, 10, pdf.Ink)
	if len(rep.Sources) == 0 {
		d.Line("No regular income found.")
	}
	for _, src := range rep.Sources {
		d.Pair(src.Name, fmt.Sprintf("%s a month · %s · %d payments", money.Format(src.MonthlyPence), src.Category, src.Payments), 210)
	}

	d.Heading("Income and outgoings by month", 12, brand)
	graph(d, rep.Months)

	// Reasons may run onto a second page.
	d.Heading("Why this rating", 12, brand)
	for _, reason := range rep.Reasons {
		d.Paragraph(reasonMark(reason.Effect)+" "+reason.Text, 9.5)
	}
	// What was checked and how, and what the landlord must still do (issue 25).
	d.Heading(ScopeTitle, 12, brand)
	for _, line := range ScopeFor(lr.Property.Postcode) {
		d.Paragraph(line, 9.5)
	}
	d.Y += 8
	d.Paragraph("This report shows figures worked out from the renter's bank data with their consent. The renter's bank statements are not shared and not kept.", 8)
	return d.Bytes()
}

func reasonMark(e affordability.Effect) string {
	switch e {
	case affordability.Positive:
		return "Good:"
	case affordability.Referred:
		return "Refer:"
	case affordability.Failed:
		return "Fail:"
	}
	return "Note:"
}

// graph draws paired bars (income, outgoings) for each month with a scale.
func graph(d *pdf.Doc, months []affordability.Month) {
	const height = 120.0
	d.Room(height + 40)
	top, left, width := d.Y, pdf.Margin+46, pdf.PageW-2*pdf.Margin-46
	var peak int64 = 1
	for _, m := range months {
		peak = max(peak, m.IncomePence, m.OutgoingsPence)
	}
	step := niceStep(peak)
	scaleMax := ((peak + step - 1) / step) * step
	d.SetLineWidth(0.5)
	d.SetStrokeColor(203, 213, 225)
	for v := int64(0); v <= scaleMax; v += step {
		y := top + height - float64(v)/float64(scaleMax)*height
		d.GoPdf.Line(left, y, left+width, y)
		d.Font(false, 7, pdf.Muted)
		d.At(pdf.Margin, y-4, money.Format(v)[:len(money.Format(v))-3])
	}
	slot := width / float64(max(len(months), 1))
	bar := slot * 0.34
	for i, m := range months {
		x := left + float64(i)*slot + slot*0.14
		for j, v := range []int64{m.IncomePence, m.OutgoingsPence} {
			h := float64(v) / float64(scaleMax) * height
			d.Fill([]pdf.Colour{incomeC, outgoC}[j])
			if h > 0 {
				d.RectFromUpperLeftWithStyle(x+float64(j)*bar, top+height-h, bar, h, "F")
			}
		}
		t, _ := time.Parse("2006-01", m.Month)
		d.Font(false, 7, pdf.Muted)
		d.At(x, top+height+4, t.Format("Jan 06"))
	}
	ly := top + height + 20
	for j, label := range []string{"Income", "Outgoings"} {
		d.Fill([]pdf.Colour{incomeC, outgoC}[j])
		x := left + float64(j)*90
		d.RectFromUpperLeftWithStyle(x, ly+1, 9, 9, "F")
		d.Font(false, 9, pdf.Ink)
		d.At(x+13, ly, label)
	}
	d.Y = ly + 22
}

// niceStep picks a round gridline step (in pence) giving about four lines.
func niceStep(peak int64) int64 {
	for _, s := range []int64{5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000} {
		if peak/s <= 5 {
			return s
		}
	}
	return 2500000
}

func day(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return t.Format("2 January 2006")
}

// lastDay turns an exclusive end date into the last day included.
func lastDay(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return t.AddDate(0, 0, -1).Format(time.DateOnly)
}
