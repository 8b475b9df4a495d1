package payment

import (
	"strconv"
	"time"

	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/platform/pdf"
)

var pdfBrand = pdf.Colour{11, 92, 173}

// receiptPDF draws a receipt on one A4 page (more if it has many lines):
// the same Receipt the page shows, nothing computed here.
func receiptPDF(r Receipt) ([]byte, error) {
	supplied, err := time.Parse(time.DateOnly, r.SupplyDate)
	if err != nil {
		supplied = time.Time{}
	}
	d, err := pdf.New(pdf.Info{Title: "VAT receipt " + r.Number, Author: r.Supplier.Name, Created: supplied,
		Footer: r.Supplier.Name + " VAT receipt " + r.Number})
	if err != nil {
		return nil, err
	}
	right := pdf.PageW - pdf.Margin

	// The title, and the receipt number on the right.
	d.Font(true, 20, pdfBrand)
	d.At(pdf.Margin, d.Y, "VAT receipt")
	d.Font(true, 11, pdf.Ink)
	d.At(right-d.Width(r.Number), d.Y+6, r.Number)
	d.Y += 36

	// Who sells.
	d.Font(true, 11, pdf.Ink)
	d.Line(r.Supplier.Name)
	d.Font(false, 10, pdf.Ink)
	for _, l := range r.Supplier.Address {
		d.Line(l)
	}
	if r.Supplier.VATNumber != "" {
		d.Line("VAT registration number: " + r.Supplier.VATNumber)
	}
	d.Y += 10

	d.Font(false, 10, pdf.Ink)
	day := supplyDay(r.SupplyDate)
	d.Pair("Receipt number", r.Number, 160)
	d.Pair("Date of supply (tax point)", day, 160)
	d.Pair("Date of issue", day, 160)
	d.Pair("Sent to", r.ReceiptEmail, 160)
	d.Pair("Paid by", r.Method, 160)
	d.Y += 8

	cols := []pdf.Column{
		{Title: "Item", Width: 165},
		{Title: "Qty", Width: 30, Right: true},
		{Title: "Price", Width: 52, Right: true},
		{Title: "Promo", Width: 50, Right: true},
		{Title: "Net", Width: 52, Right: true},
		{Title: "VAT rate", Width: 50, Right: true},
		{Title: "VAT", Width: 50, Right: true},
		{Title: "Total", Width: 62, Right: true},
	}
	rows := make([][]string, len(r.Lines))
	for i, l := range r.Lines {
		item := l.Product
		if l.Description != "" {
			item += ": " + l.Description
		}
		promo := "-"
		if l.DiscountPence > 0 {
			promo = "−" + money.Format(l.DiscountPence)
		}
		rows[i] = []string{item, strconv.Itoa(l.Qty), money.Format(l.UnitPence * int64(l.Qty)), promo,
			money.Format(l.NetPence), l.VATRate, money.Format(l.VATPence), money.Format(l.TotalPence)}
	}
	d.Table(cols, rows, 9)
	d.Font(false, 9, pdf.Muted)
	d.Line("Price and Total include VAT; Net is without it.")
	for _, c := range r.Codes {
		d.Line("Promo code " + c.Code + ": " + strconv.Itoa(c.Discount) + "% off")
	}
	d.Y += 6

	// The totals, lined up on the right.
	total := func(label, value string, bold bool) {
		d.Room(18)
		d.Font(bold, 10.5, pdf.Ink)
		d.At(right-250, d.Y, label)
		d.At(right-d.Width(value), d.Y, value)
		d.Y += 17
	}
	if r.DiscountPence > 0 {
		total("Price before promo codes (incl. VAT)", money.Format(r.ListPence), false)
		total("Promo codes", "−"+money.Format(r.DiscountPence), false)
	}
	total("Total net", money.Format(r.NetPence), false)
	total("VAT at "+r.VATRate, money.Format(r.VATPence), false)
	d.SetLineWidth(0.8)
	d.SetStrokeColor(20, 33, 61)
	d.GoPdf.Line(right-250, d.Y, right, d.Y)
	d.Y += 6
	total("Total paid", money.Format(r.TotalPence), true)
	d.Y += 10

	d.Font(false, 8.5, pdf.Muted)
	for _, l := range d.Wrap(r.Rounding, pdf.PageW-2*pdf.Margin) {
		d.Room(12)
		d.At(pdf.Margin, d.Y, l)
		d.Y += 12
	}
	return d.Bytes()
}
