package deposit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/session"
)

// Person is someone named on an agreement.
type Person struct {
	Name  string
	Email string
}

// Tenancy is an agreement signed by everyone, as the area knows it
// (implemented over internal/contract by internal/app).
type Tenancy struct {
	ID              string
	LandlordID      string
	PropertyID      string
	Jurisdiction    string
	Address         string
	Tenants         []Person
	DepositPence    int64  // the whole deposit; 0 when the agreement takes none
	DepositReceived string // YYYY-MM-DD, "" until the landlord recorded it
	Link            string // the agreement's page
}

// Tenancies answers the area about signed agreements.
type Tenancies interface {
	OfLandlord(ctx context.Context, landlordID string) ([]Tenancy, error)
	OfTenant(ctx context.Context, email string) ([]Tenancy, error)
}

// Uploads checks an uploaded file as the product checks every certificate
// file (documents.Service.CheckUpload): PDF, JPEG or PNG by content.
type Uploads interface {
	CheckUpload(ctx context.Context, filename string, r io.Reader) (name, contentType, sha256 string, data []byte, err error)
}

// Deps are what the area needs from the rest of the product.
type Deps struct {
	DB        *db.DB
	Clock     clock.Clock
	Rules     *Rules
	Tenancies Tenancies
	Uploads   Uploads
	Files     storage.Store
	CheckOuts CheckOuts // the signed check-outs, for deductions (nil: none yet)
	Log       *slog.Logger
}

type Service struct {
	d    Deps
	r    ReturnDeps // rent arrears and the return (returns.go)
	pack PackDeps   // the evidence pack's sources and seal (pack.go)
}

func NewService(d Deps) (*Service, error) {
	if d.Rules == nil || d.Tenancies == nil || d.Uploads == nil || d.Files == nil {
		return nil, errors.New("deposit: rules, tenancies, uploads and files are needed")
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{d: d}, nil
}

func (s *Service) now() time.Time { return s.d.Clock.Now().UTC().Truncate(time.Millisecond) }

// today is the UK calendar day now.
func (s *Service) today() time.Time {
	t, _ := time.Parse(time.DateOnly, s.d.Clock.Now().In(clock.UK).Format(time.DateOnly))
	return t
}

// Role is how someone stands to a tenancy.
type Role string

const (
	RoleLandlord Role = "landlord"
	RoleTenant   Role = "tenant"
)

var errNotFound = apperr.New(apperr.NotFound, "not_found", MsgNotFound)

// tenanciesOf are the signed agreements with a deposit the actor is a party to.
func (s *Service) tenanciesOf(ctx context.Context, a session.Actor) ([]Tenancy, Role, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, "", err
	}
	var list []Tenancy
	var err error
	role := RoleTenant
	if a.IsLandlord() {
		role = RoleLandlord
		list, err = s.d.Tenancies.OfLandlord(ctx, a.UserID)
	} else {
		list, err = s.d.Tenancies.OfTenant(ctx, a.Email)
	}
	return list, role, err
}

// tenancyFor is one tenancy the actor is a party to; anyone else, admins
// included, is told it does not exist.
func (s *Service) tenancyFor(ctx context.Context, a session.Actor, id string) (Tenancy, Role, error) {
	list, role, err := s.tenanciesOf(ctx, a)
	if err != nil {
		return Tenancy{}, "", err
	}
	for _, t := range list {
		if t.ID == id {
			return t, role, nil
		}
	}
	return Tenancy{}, "", errNotFound
}

func (s *Service) landlordTenancy(ctx context.Context, a session.Actor, id string) (Tenancy, error) {
	t, role, err := s.tenancyFor(ctx, a, id)
	if err != nil {
		return Tenancy{}, err
	}
	if role != RoleLandlord {
		return Tenancy{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	if t.DepositPence <= 0 {
		return Tenancy{}, apperr.New(apperr.Conflict, "no_deposit", MsgNoDeposit)
	}
	return t, nil
}

// Overview is every tenancy with a deposit the actor is a party to, with
// its protection as the actor may see it.
func (s *Service) Overview(ctx context.Context, a session.Actor) ([]TenancyView, error) {
	list, role, err := s.tenanciesOf(ctx, a)
	if err != nil {
		return nil, err
	}
	out := []TenancyView{}
	for _, t := range list {
		if t.DepositPence <= 0 {
			continue
		}
		p, _, err := protectionOf(ctx, s.d.DB.Conn(), t.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, s.view(t, role, p))
	}
	return out, nil
}

// One is one tenancy's deposit.
func (s *Service) One(ctx context.Context, a session.Actor, id string) (TenancyView, error) {
	t, role, err := s.tenancyFor(ctx, a, id)
	if err != nil {
		return TenancyView{}, err
	}
	if t.DepositPence <= 0 {
		return TenancyView{}, apperr.New(apperr.Conflict, "no_deposit", MsgNoDeposit)
	}
	p, _, err := protectionOf(ctx, s.d.DB.Conn(), t.ID)
	if err != nil {
		return TenancyView{}, err
	}
	return s.view(t, role, p), nil
}

// ProtectionInput is what the landlord records of the protection.
type ProtectionInput struct {
	Scheme       string `json:"scheme"`
	Reference    string `json:"reference"`
	ProtectedOn  string `json:"protectedOn"`
	InfoServedOn string `json:"infoServedOn"`
}

func parseDay(s string) (time.Time, bool) {
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	if err != nil || d.Year() < 1900 || d.Year() > 2200 {
		return time.Time{}, false
	}
	return d, true
}

// check checks the landlord's answers, each against today and the day the
// deposit was received.
func (s *Service) check(t Tenancy, in *ProtectionInput) error {
	fields := map[string]string{}
	in.Scheme, in.Reference = strings.TrimSpace(in.Scheme), strings.TrimSpace(in.Reference)
	in.ProtectedOn, in.InfoServedOn = strings.TrimSpace(in.ProtectedOn), strings.TrimSpace(in.InfoServedOn)
	if _, ok := s.d.Rules.scheme(in.Scheme); !ok {
		fields["scheme"] = MsgScheme
	}
	if in.Reference == "" || utf8.RuneCountInString(in.Reference) > 60 || strings.ContainsAny(in.Reference, "\r\n\t") {
		fields["reference"] = MsgReference
	}
	today := s.today()
	received, hasReceived := parseDay(t.DepositReceived)
	day := func(key, v, msg string, required bool) {
		if v == "" {
			if required {
				fields[key] = msg
			}
			return
		}
		d, ok := parseDay(v)
		switch {
		case !ok:
			fields[key] = msg
		case d.After(today):
			fields[key] = MsgFuture
		case hasReceived && d.Before(received):
			fields[key] = fmt.Sprintf(MsgBeforeReceipt, UKDay(received))
		}
	}
	day("protectedOn", in.ProtectedOn, MsgProtectedOn, true)
	day("infoServedOn", in.InfoServedOn, MsgInfoServedOn, false)
	if len(fields) > 0 {
		return apperr.Fields(MsgFix, fields)
	}
	return nil
}

// Protect records, or corrects, the deposit's protection.
func (s *Service) Protect(ctx context.Context, a session.Actor, id string, in ProtectionInput) (TenancyView, error) {
	t, err := s.landlordTenancy(ctx, a, id)
	if err != nil {
		return TenancyView{}, err
	}
	if err := s.check(t, &in); err != nil {
		return TenancyView{}, err
	}
	var p Protection
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		now := s.now()
		if p, err = lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		p.Scheme, p.Reference, p.ProtectedOn, p.InfoServedOn, p.UpdatedAt = in.Scheme, in.Reference, in.ProtectedOn, in.InfoServedOn, now
		return updateProtection(ctx, tx, p)
	})
	if err != nil {
		return TenancyView{}, err
	}
	return s.view(t, RoleLandlord, p), nil
}

// AddCertificate stores the scheme's certificate (PDF, JPEG or PNG by
// content), replacing the one before; the protection must be recorded first.
func (s *Service) AddCertificate(ctx context.Context, a session.Actor, id, filename string, r io.Reader) (TenancyView, error) {
	t, err := s.landlordTenancy(ctx, a, id)
	if err != nil {
		return TenancyView{}, err
	}
	if p, _, err := protectionOf(ctx, s.d.DB.Conn(), t.ID); err != nil {
		return TenancyView{}, err
	} else if p.Scheme == "" {
		return TenancyView{}, apperr.New(apperr.Conflict, "not_recorded", MsgNotRecorded)
	}
	name, contentType, sum, data, err := s.d.Uploads.CheckUpload(ctx, filename, r)
	if err != nil {
		return TenancyView{}, err
	}
	now := s.now()
	f := File{Key: "deposits/" + t.ID + "/certificate-" + uuid.NewString() + path.Ext(name), Name: name, ContentType: contentType,
		Size: int64(len(data)), SHA256: sum, UploadedAt: now}
	if err := s.d.Files.Put(ctx, f.Key, bytes.NewReader(data), f.Size, f.ContentType); err != nil {
		return TenancyView{}, apperr.Wrap(err, "store deposit certificate")
	}
	var p Protection
	var old *File
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if p, err = lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		old, p.Certificate, p.UpdatedAt = p.Certificate, &f, now
		return updateProtection(ctx, tx, p)
	})
	if err != nil {
		_ = s.d.Files.Delete(ctx, f.Key)
		return TenancyView{}, err
	}
	if old != nil {
		if err := s.d.Files.Delete(ctx, old.Key); err != nil {
			s.d.Log.Warn("deposit: old certificate not deleted", "err", err)
		}
	}
	return s.view(t, RoleLandlord, p), nil
}

// OpenCertificate opens the certificate for the landlord or a tenant.
func (s *Service) OpenCertificate(ctx context.Context, a session.Actor, id string) (io.ReadCloser, File, error) {
	t, _, err := s.tenancyFor(ctx, a, id)
	if err != nil {
		return nil, File{}, err
	}
	p, _, err := protectionOf(ctx, s.d.DB.Conn(), t.ID)
	if err != nil {
		return nil, File{}, err
	}
	if p.Certificate == nil {
		return nil, File{}, apperr.New(apperr.NotFound, "no_certificate", MsgNoCertificate)
	}
	rc, _, err := s.d.Files.Get(ctx, p.Certificate.Key)
	if err != nil {
		return nil, File{}, apperr.Wrap(err, "open deposit certificate")
	}
	return rc, *p.Certificate, nil
}

// CertificateName is the name of the certificate file added for a
// tenancy's deposit, "" for none. It checks no reader: the agreements area
// asks it for a tenant it has already let see the agreement.
func (s *Service) CertificateName(ctx context.Context, tenancyID string) (string, error) {
	p, _, err := protectionOf(ctx, s.d.DB.Conn(), tenancyID)
	if err != nil || p.Certificate == nil {
		return "", err
	}
	return p.Certificate.Name, nil
}

// UKDay is a day as the site shows it: "Thu 17 Dec 2026".
func UKDay(t time.Time) string { return t.Format("Mon 2 Jan 2006") }

func ukTZ() *time.Location { return clock.UK }
