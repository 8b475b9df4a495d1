package signing

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Sealed documents without signatures. Some documents are evidence that
// nobody signs: a repair's history (issue 44), a deposit's evidence pack
// (issue 45). OmniRent draws them, and a reader must still be able to tell
// the PDF they hold is the one OmniRent made, unaltered. SealDocument
// records such a PDF, under a public reference printed on it ("OR-7K3F-
// 9QX2", the same kind as a signed document's) and the SHA-256 of its
// bytes; /api/verify answers genuine for it exactly as for a signed
// document's sealed PDF: the file uploaded, or its reference and hash
// typed. One mechanism for every area: the area names its record (kind and
// id) and a version (its own word for what the PDF shows), and draws the
// PDF with the reference and moment it is given.

// MsgSealedGenuine is /verify's answer for a sealed document without
// signatures.
const MsgSealedGenuine = "This is a genuine, unaltered document sealed by OmniRent. It was not signed: OmniRent drew it from the records it keeps."

// SealedDoc is a sealed document without signatures.
type SealedDoc struct {
	ID        string // internal: never shown
	PublicRef string
	Kind      string
	SubjectID string
	Version   string
	Title     string
	PDFKey    string
	PDFHash   string
	PDFSize   int64
	SealedAt  time.Time
}

// Seal is what a sealed document's PDF prints: its reference, the moment
// it was sealed and where to check it.
type Seal struct {
	PublicRef string
	At        time.Time
	VerifyURL string
}

// SealDocument answers the sealed PDF of one version of a record: the one
// already sealed for kind, subjectID and version, or, the first time, the
// PDF draw makes with its seal, stored and recorded. Two requests at once
// for the same version make one sealed document (the database's unique
// index decides; the loser's file is removed and the winner's answered).
func (s *Service) SealDocument(ctx context.Context, kind, subjectID, version, title string, draw func(Seal) ([]byte, error)) (SealedDoc, []byte, error) {
	if doc, err := sealedByVersion(ctx, s.db.Conn(), kind, subjectID, version); err == nil {
		b, err := s.sealedBytes(ctx, doc)
		return doc, b, err
	} else if apperr.KindOf(err) != apperr.NotFound {
		return SealedDoc{}, nil, err
	}
	now := s.now().Truncate(time.Second)
	seal := Seal{PublicRef: newPublicRef(), At: now, VerifyURL: s.verifyURL}
	pdf, err := draw(seal)
	if err != nil {
		return SealedDoc{}, nil, err
	}
	doc := SealedDoc{ID: uuid.NewString(), PublicRef: seal.PublicRef, Kind: kind, SubjectID: subjectID, Version: version, Title: title,
		PDFHash: Hash(pdf), PDFSize: int64(len(pdf)), SealedAt: now}
	doc.PDFKey = "sealed/" + kind + "/" + doc.ID + ".pdf"
	// The file first, then the row that names it: a crash between leaves a
	// file no row names, never a row naming a missing file.
	if err := s.files.Put(ctx, doc.PDFKey, bytes.NewReader(pdf), doc.PDFSize, "application/pdf"); err != nil {
		return SealedDoc{}, nil, apperr.Wrap(err, "store sealed document")
	}
	err = insertSealed(ctx, s.db.Conn(), doc)
	if errors.Is(err, errSealedTwice) {
		_ = s.files.Delete(context.WithoutCancel(ctx), doc.PDFKey)
		won, err := sealedByVersion(ctx, s.db.Conn(), kind, subjectID, version)
		if err != nil {
			return SealedDoc{}, nil, err
		}
		b, err := s.sealedBytes(ctx, won)
		return won, b, err
	}
	if err != nil {
		_ = s.files.Delete(context.WithoutCancel(ctx), doc.PDFKey)
		return SealedDoc{}, nil, err
	}
	return doc, pdf, nil
}

func (s *Service) sealedBytes(ctx context.Context, doc SealedDoc) ([]byte, error) {
	rc, _, err := s.files.Get(ctx, doc.PDFKey)
	if err != nil {
		return nil, apperr.Wrap(err, "read sealed document")
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// SealedDocuments are the documents sealed for one record, newest first.
func (s *Service) SealedDocuments(ctx context.Context, kind, subjectID string) ([]SealedDoc, error) {
	list, err := db.All(ctx, s.db.Conn(), scanSealed, `SELECT `+sealedCols+` FROM sealed_documents WHERE kind = ? AND subject_id = ?
		ORDER BY sealed_at DESC, id`, kind, subjectID)
	return list, apperr.Wrap(err, "list sealed documents")
}

// verifySealed is the verdict on a hash (and, when ref is not "", a
// reference) among the sealed documents without signatures.
func (s *Service) verifySealed(ctx context.Context, ref, hash string) (Verification, error) {
	var doc SealedDoc
	var err error
	if ref != "" {
		doc, err = scanSealed(s.db.Conn().QueryRow(ctx, `SELECT `+sealedCols+` FROM sealed_documents WHERE public_ref = ?`, ref))
		if err == nil && !strings.EqualFold(doc.PDFHash, hash) {
			return Verification{Message: MsgNotGenuine}, nil
		}
	} else {
		doc, err = scanSealed(s.db.Conn().QueryRow(ctx, `SELECT `+sealedCols+` FROM sealed_documents WHERE pdf_hash = ?
			ORDER BY sealed_at, id LIMIT 1`, hash))
	}
	if apperr.KindOf(err) == apperr.NotFound {
		return Verification{Message: MsgNotGenuine}, nil
	}
	if err != nil {
		return Verification{}, err
	}
	return Verification{Genuine: true, Message: MsgSealedGenuine, Sealed: &doc}, nil
}

var errSealedTwice = errors.New("signing: this version is sealed already")

const sealedCols = `id, public_ref, kind, subject_id, version, title, pdf_key, pdf_hash, pdf_size, sealed_at`

func scanSealed(row db.Scanner) (SealedDoc, error) {
	var d SealedDoc
	var at int64
	err := row.Scan(&d.ID, &d.PublicRef, &d.Kind, &d.SubjectID, &d.Version, &d.Title, &d.PDFKey, &d.PDFHash, &d.PDFSize, &at)
	if errors.Is(err, db.NoRows) {
		return SealedDoc{}, apperr.New(apperr.NotFound, "not_found", MsgNotGenuine)
	}
	if err != nil {
		return SealedDoc{}, apperr.Wrap(err, "scan sealed document")
	}
	d.SealedAt = time.UnixMilli(at).UTC()
	return d, nil
}

func sealedByVersion(ctx context.Context, c db.Conn, kind, subjectID, version string) (SealedDoc, error) {
	return scanSealed(c.QueryRow(ctx, `SELECT `+sealedCols+` FROM sealed_documents WHERE kind = ? AND subject_id = ? AND version = ?`,
		kind, subjectID, version))
}

func insertSealed(ctx context.Context, c db.Conn, d SealedDoc) error {
	_, err := c.Exec(ctx, `INSERT INTO sealed_documents (`+sealedCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		d.ID, d.PublicRef, d.Kind, d.SubjectID, d.Version, d.Title, d.PDFKey, d.PDFHash, d.PDFSize, d.SealedAt.UnixMilli())
	if db.IsUniqueViolation(err) {
		return errSealedTwice
	}
	return apperr.Wrap(err, "insert sealed document")
}
