package payment

import (
	"testing"
)

// FuzzOrderPrice builds baskets from registered products with any quantities and
// codes, and checks what the server charges: lines() refuses what it
// cannot sell, and for what it accepts the total is the promo arithmetic on
// the sum of the lines, between 0 and the full price, which is at most the
// struck-through price; and the order's VAT receipt adds up.
func FuzzOrderPrice(f *testing.F) {
	f.Add([]byte{1, 1}, []byte{50})
	f.Add([]byte{0, 3, 2, 10}, []byte{100})
	f.Add([]byte{2, 255, 1, 0}, []byte{})
	f.Add([]byte{}, []byte{10, 20})
	s := &Service{products: map[Product]Price{}}
	s.RegisterProduct("check", Price{Name: "Check", Pence: 899, WasPence: 1799})
	s.RegisterProduct("contract", Price{Name: "Contract", Pence: 199, WasPence: 899})
	s.RegisterProduct("cheap", Price{Name: "Cheap", Pence: 1, WasPence: 1})
	products := []Product{"check", "contract", "cheap", "unknown"}
	f.Fuzz(func(t *testing.T, basket, codes []byte) {
		var items []Item
		for i := 0; i+1 < len(basket); i += 2 {
			qty := int(basket[i+1]) * 7 // up to 1785: over the cap too
			items = append(items, Item{Product: products[int(basket[i])%len(products)], Qty: qty})
		}
		ls, err := s.lines(items)
		if err != nil {
			if len(items) > maxLines {
				return
			}
			for _, it := range items {
				if _, ok := s.products[it.Product]; !ok || it.Qty < 1 || it.Qty > maxQty {
					return // refused for a reason
				}
			}
			if len(items) != 0 {
				t.Fatalf("refused a sellable basket of %d lines: %v", len(items), err)
			}
			return
		}
		o := Order{Lines: ls}
		for _, c := range codes {
			o.Codes = append(o.Codes, AppliedCode{Code: "C", Discount: 1 + int(c)%100})
		}
		o.price()
		var full, was int64
		percents := []int{}
		for _, l := range ls {
			full += l.UnitPence * int64(l.Qty)
			was += l.WasPence * int64(l.Qty)
		}
		for _, c := range o.Codes {
			percents = append(percents, c.Discount)
		}
		want := Apply(full, percents)
		if o.FullPence != full || o.WasPence != was || o.TotalPence != want.Pence || o.PercentOff != percentOff(was, want.Pence) {
			t.Fatalf("price %+v, want full %d was %d total %+v", o, full, was, want)
		}
		if o.TotalPence < 0 || o.TotalPence > o.FullPence || o.FullPence > o.WasPence {
			t.Fatalf("total %d, full %d, was %d", o.TotalPence, o.FullPence, o.WasPence)
		}
		// Its VAT receipt adds up: the lines' shares make the total paid,
		// each line is its net plus its VAT, never below nothing nor above
		// the line's price, and the totals are the sums of the lines.
		r := s.receiptOf(o)
		var paid, net, vat int64
		for i, l := range r.Lines {
			gross := o.Lines[i].UnitPence * int64(o.Lines[i].Qty)
			if l.TotalPence < 0 || l.TotalPence > gross || l.DiscountPence != gross-l.TotalPence || l.NetPence+l.VATPence != l.TotalPence ||
				l.VATPence < 0 || l.VATPence > l.TotalPence {
				t.Fatalf("receipt line %d: %+v of %d", i, l, gross)
			}
			paid, net, vat = paid+l.TotalPence, net+l.NetPence, vat+l.VATPence
		}
		if paid != o.TotalPence || r.TotalPence != paid || r.NetPence != net || r.VATPence != vat || r.ListPence != o.FullPence {
			t.Fatalf("receipt totals %+v for order total %d", r, o.TotalPence)
		}
	})
}
