package refcheck

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/money"
)

// The PDF uses the Go fonts (BSD licensed, compiled in), so no font files
// are needed on the server and £ and every accent print correctly.

const (
	pageW, pageH = 595.28, 841.89 // A4 in points
	margin       = 42.0
)

var (
	ink      = [3]uint8{20, 33, 61}
	muted    = [3]uint8{74, 85, 104}
	brand    = [3]uint8{11, 92, 173}
	incomeC  = [3]uint8{11, 92, 173}
	outgoC   = [3]uint8{230, 126, 34}
	ratingsC = map[affordability.Rating][3]uint8{affordability.Pass: {22, 128, 61}, affordability.Refer: {180, 83, 9}, affordability.Fail: {185, 28, 28}}
)

type pdfDoc struct {
	*gopdf.GoPdf
	y float64
}

// ReportPDF renders the landlord's report as an A4 PDF: the rating and its
// reasons, the key figures, income sources and a monthly
// income-versus-outgoings graph. It shows no individual transaction.
func ReportPDF(lr LandlordReport) ([]byte, error) {
	d := &pdfDoc{GoPdf: &gopdf.GoPdf{}, y: margin}
	d.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4})
	d.SetInfo(gopdf.PdfInfo{Title: "Reference report: " + lr.Name, Author: "OmniRent", Creator: "OmniRent", CreationDate: lr.ReadyAt})
	if err := d.AddTTFFontData("go", goregular.TTF); err != nil {
		return nil, err
	}
	if err := d.AddTTFFontData("go-bold", gobold.TTF); err != nil {
		return nil, err
	}
	d.AddPage()
	rep := lr.Report

	// Header band.
	d.fill(brand)
	d.RectFromUpperLeftWithStyle(0, 0, pageW, 64, "F")
	d.font("go-bold", 20, [3]uint8{255, 255, 255})
	d.at(margin, 22, "OmniRent reference report")
	d.y = 84
	d.font("go-bold", 16, ink)
	d.line(lr.Name)
	d.y += 6
	d.font("go", 10, muted)
	d.line(fmt.Sprintf("%s · %s, %s %s", lr.Email, lr.Property.FirstLine, lr.Property.Town, lr.Property.Postcode))
	d.line(fmt.Sprintf("Report of %s · bank data from %s to %s", lr.ReadyAt.In(clock.UK).Format("2 January 2006"),
		day(rep.PeriodFrom), day(lastDay(rep.PeriodTo))))

	// Rating badge.
	d.y += 6
	d.fill(ratingsC[rep.Rating])
	d.RectFromUpperLeftWithStyle(margin, d.y, 150, 30, "F")
	d.font("go-bold", 14, [3]uint8{255, 255, 255})
	d.at(margin+12, d.y+8, "Rating: "+string(rep.Rating))
	d.y += 44

	// Key figures.
	d.heading("Key figures")
	gambling := "none"
	if rep.Gambling.Payments > 0 {
		gambling = fmt.Sprintf("%d payments, %s (%.1f%% of income)", rep.Gambling.Payments, money.Format(rep.Gambling.TotalPence), rep.Gambling.ShareOfIncome*100)
	}
	holder := "matches the renter"
	if !rep.NameMatches {
		holder = "does not match the renter"
	}
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
		d.pair(kv[0], kv[1])
	}

	// Income sources.
	d.heading("Income sources")
	if len(rep.Sources) == 0 {
		d.font("go", 10, ink)
		d.line("No regular income found.")
	}
	for _, src := range rep.Sources {
		d.pair(src.Name, fmt.Sprintf("%s a month · %s · %d payments", money.Format(src.MonthlyPence), src.Category, src.Payments))
	}

	d.heading("Income and outgoings by month")
	d.graph(rep.Months)

	// Reasons may run onto a second page.
	d.heading("Why this rating")
	for _, reason := range rep.Reasons {
		d.paragraph(reasonMark(reason.Effect)+" "+reason.Text, 9.5)
	}
	d.y += 8
	d.paragraph("This report shows figures worked out from the renter's bank data with their consent. The renter's bank statements are not shared and not kept.", 8)

	var buf bytes.Buffer
	if err := d.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
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

func (d *pdfDoc) fill(c [3]uint8) { d.SetFillColor(c[0], c[1], c[2]) }

func (d *pdfDoc) font(family string, size float64, c [3]uint8) {
	_ = d.SetFont(family, "", size)
	d.SetTextColor(c[0], c[1], c[2])
}

func (d *pdfDoc) at(x, y float64, s string) {
	d.SetXY(x, y)
	_ = d.Cell(nil, s)
}

func (d *pdfDoc) line(s string) {
	d.room(16)
	d.at(margin, d.y, s)
	d.y += 15
}

func (d *pdfDoc) heading(s string) {
	d.room(40)
	d.y += 8
	d.font("go-bold", 12, brand)
	d.at(margin, d.y, s)
	d.y += 18
}

func (d *pdfDoc) pair(k, v string) {
	d.room(16)
	d.font("go", 10, muted)
	d.at(margin, d.y, k)
	d.font("go", 10, ink)
	d.at(margin+210, d.y, v)
	d.y += 15
}

func (d *pdfDoc) paragraph(s string, size float64) {
	d.font("go", size, ink)
	for _, l := range d.wrap(s, pageW-2*margin) {
		d.room(size + 4)
		d.at(margin, d.y, l)
		d.y += size + 4
	}
	d.y += 3
}

// wrap breaks s into lines no wider than width, between words.
func (d *pdfDoc) wrap(s string, width float64) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if tw, err := d.MeasureTextWidth(try); err == nil && tw > width && line != "" {
			lines = append(lines, line)
			line = w
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// room starts a new page when h more points would not fit.
func (d *pdfDoc) room(h float64) {
	if d.y+h > pageH-margin {
		d.AddPage()
		d.y = margin
	}
}

// graph draws paired bars (income, outgoings) for each month with a scale.
func (d *pdfDoc) graph(months []affordability.Month) {
	const height = 120.0
	d.room(height + 40)
	top, left, width := d.y, margin+46, pageW-2*margin-46
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
		d.Line(left, y, left+width, y)
		d.font("go", 7, muted)
		d.at(margin, y-4, money.Format(v)[:len(money.Format(v))-3])
	}
	slot := width / float64(max(len(months), 1))
	bar := slot * 0.34
	for i, m := range months {
		x := left + float64(i)*slot + slot*0.14
		for j, v := range []int64{m.IncomePence, m.OutgoingsPence} {
			h := float64(v) / float64(scaleMax) * height
			d.fill([][3]uint8{incomeC, outgoC}[j])
			if h > 0 {
				d.RectFromUpperLeftWithStyle(x+float64(j)*bar, top+height-h, bar, h, "F")
			}
		}
		t, _ := time.Parse("2006-01", m.Month)
		d.font("go", 7, muted)
		d.at(x, top+height+4, t.Format("Jan 06"))
	}
	ly := top + height + 20
	for j, label := range []string{"Income", "Outgoings"} {
		d.fill([][3]uint8{incomeC, outgoC}[j])
		x := left + float64(j)*90
		d.RectFromUpperLeftWithStyle(x, ly+1, 9, 9, "F")
		d.font("go", 9, ink)
		d.at(x+13, ly, label)
	}
	d.y = ly + 22
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
