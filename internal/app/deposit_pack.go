package app

import (
	"context"
	"path"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/deposit"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// depositPack gives the deposit's evidence pack the documents the other
// areas keep (deposit.PackSources): the sealed agreement and inventory
// reports from internal/signing, the photos from internal/photo. The
// deposit area has already checked that the reader is a party to the
// tenancy; these are read as its landlord's.
type depositPack struct {
	signing   *signing.Service
	contracts *contract.Service
	inventory *inventory.Service
	photos    *photo.Service
}

// sealed is the sealed PDF of a document signed through internal/signing.
func (p depositPack) sealed(ctx context.Context, ref signing.Ref, title string) (deposit.PackDocument, error) {
	env, err := p.signing.Envelope(ctx, ref)
	if err != nil {
		return deposit.PackDocument{}, err
	}
	if env.PDFKey == "" && env.Complete() {
		if env, err = p.signing.SealNow(ctx, ref); err != nil {
			return deposit.PackDocument{}, err
		}
	}
	doc := deposit.PackDocument{Title: title, Reference: env.PublicRef, SHA256: env.PDFHash}
	if env.CompletedAt != nil {
		doc.Signed = deposit.UKDay(env.CompletedAt.In(clock.UK))
	}
	if env.PDFKey != "" {
		doc.PDF, err = p.signing.PDF(ctx, env)
	}
	return doc, err
}

func (p depositPack) Agreement(ctx context.Context, t deposit.Tenancy) (deposit.PackDocument, error) {
	doc, err := p.sealed(ctx, signing.Ref{Kind: contract.Kind, ID: t.ID}, "Tenancy agreement")
	if list, lerr := p.contracts.Tenancies(ctx, t.LandlordID); lerr == nil {
		for _, r := range list {
			if r.ID != t.ID {
				continue
			}
			a := r.Answers
			if d, ok := day(a.StartDate); ok {
				doc.Summary = append(doc.Summary, [2]string{"Starts", d})
			}
			doc.Summary = append(doc.Summary, [2]string{"Rent", money.Format(a.RentPence) + " " + a.RentPeriod})
			if t.DepositPence > 0 {
				doc.Summary = append(doc.Summary, [2]string{"Deposit", money.Format(t.DepositPence)})
			}
			if a.Deposit.Scheme != "" {
				doc.Summary = append(doc.Summary, [2]string{"Deposit scheme", a.Deposit.Scheme})
			}
		}
	}
	return doc, err
}

func day(s string) (string, bool) {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return "", false
	}
	return deposit.UKDay(d), true
}

func (p depositPack) Reports(ctx context.Context, t deposit.Tenancy, checkOutID string) (deposit.PackDocument, deposit.PackDocument, error) {
	a := session.Actor{UserID: t.LandlordID, UserType: session.Landlord}
	cmp, err := p.inventory.Compare(ctx, a, checkOutID)
	if err != nil {
		return deposit.PackDocument{}, deposit.PackDocument{}, err
	}
	in, err := p.sealed(ctx, signing.Ref{Kind: inventory.Kind, ID: cmp.CheckIn.ID}, "Check-in inventory report")
	if err != nil && !apperr.IsNotFound(err) {
		return in, deposit.PackDocument{}, err
	}
	out, err := p.sealed(ctx, signing.Ref{Kind: inventory.Kind, ID: checkOutID}, "Check-out inventory report")
	if apperr.IsNotFound(err) {
		err = nil
	}
	return in, out, err
}

// Photo reads a photo of a report (or of a dispute) at print size, by the
// name its address ends with, with its evidence.
func (p depositPack) Photo(ctx context.Context, _ deposit.Tenancy, ph deposit.Photo) (deposit.PackPhoto, error) {
	name := path.Base(ph.ThumbURL)
	if ph.ThumbURL == "" {
		name = path.Base(ph.URL)
	}
	ev, err := p.photos.Evidence(ctx, name)
	if err != nil {
		return deposit.PackPhoto{}, err
	}
	b, err := p.photos.Bytes(ctx, ev.OwnerKind, ev.OwnerID, ev.Name, photo.Thumb)
	if err != nil {
		return deposit.PackPhoto{}, err
	}
	return deposit.PackPhoto{Data: b, SHA256: ev.SHA256, TakenAt: ev.CapturedAt, UploadedAt: ev.UploadedAt}, nil
}
