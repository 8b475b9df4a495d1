package documents

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/session"
)

const msgImagePixels = "This photo has too many pixels; please upload a smaller photo or a PDF."

// sniff decides a file's type by its content: a PDF by its %PDF- header
// (only white space may come before it), a JPEG or PNG by imaging's checks
// of its header. Anything else is refused whatever its name says.
func sniff(data []byte) (contentType, ext string, kind imaging.Kind, err error) {
	if bytes.HasPrefix(bytes.TrimLeft(data, "\xef\xbb\xbf \t\r\n"), []byte("%PDF-")) {
		return "application/pdf", ".pdf", "", nil
	}
	_, kind, _, _, err = imaging.Check(bytes.NewReader(data), imaging.Limits{MaxBytes: MaxFileBytes})
	switch {
	case errors.Is(err, imaging.ErrTooManyPixels):
		return "", "", "", apperr.New(apperr.Invalid, "bad_file_type", msgImagePixels)
	case err != nil:
		return "", "", "", apperr.New(apperr.Invalid, "bad_file_type", MsgFileType)
	}
	return kind.ContentType(), kind.Ext(), kind, nil
}

// cleanFilename keeps the uploader's file name for showing back: the last
// path element, on one line with no bidirectional or invisible characters
// (text.SingleLine: "inv\u202Efdp.pdf" is "invfdp.pdf"), no quotes, at most
// 100 characters before the extension of what the file really is.
func cleanFilename(name, ext string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	name = text.SingleLine(strings.NewReplacer(`"`, "", "/", "").Replace(name))
	base := strings.TrimSuffix(name, path.Ext(name))
	if base == "" || base == "." {
		base = "certificate"
	}
	if r := []rune(base); len(r) > 100 {
		base = strings.TrimSpace(string(r[:100]))
	}
	return base + ext
}

// AddFile stores a file of one of the landlord's certificates: PDF, JPEG or
// PNG judged by content, at most 10 MB. A photo is stored cleaned of its
// metadata (the camera's GPS position).
func (s *Service) AddFile(ctx context.Context, a session.Actor, certID, filename string, r io.Reader) (FileView, error) {
	c, err := s.owned(ctx, a, certID)
	if err != nil {
		return FileView{}, err
	}
	if n, err := countFiles(ctx, s.d.DB.Conn(), c.ID); err != nil {
		return FileView{}, err
	} else if n >= MaxFiles {
		return FileView{}, apperr.New(apperr.Invalid, "too_many_files", MsgTooManyFiles)
	}
	f, data, err := s.prepareFile(ctx, filename, r)
	if err != nil {
		return FileView{}, err
	}
	f.CertificateID = c.ID
	f.StorageKey = "certificates/" + c.ID + "/" + f.ID + path.Ext(f.Filename)
	if err := s.d.Files.Put(ctx, f.StorageKey, bytes.NewReader(data), f.Size, f.ContentType); err != nil {
		return FileView{}, apperr.Wrap(err, "store certificate file")
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if _, err := ownCert(ctx, tx, a.UserID, c.ID); err != nil {
			return err // deleted meanwhile
		}
		return insertFile(ctx, tx, f)
	})
	if err != nil {
		_ = s.d.Files.Delete(ctx, f.StorageKey)
		return FileView{}, err
	}
	v := s.view(Certificate{ID: c.ID, Type: c.Type, Files: []File{f}}, false, s.today())
	return v.Files[0], nil
}

// prepareFile reads and checks an uploaded file: PDF, JPEG or PNG judged by
// content, at most 10 MB, a photo cleaned of its metadata. The answer has
// no certificate or storage key yet.
func (s *Service) prepareFile(ctx context.Context, filename string, r io.Reader) (File, []byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok || apperr.KindOf(err) == apperr.TooLarge {
			return File{}, nil, apperr.New(apperr.TooLarge, "file_too_large", MsgFileTooLarge)
		}
		return File{}, nil, err
	}
	if len(data) > MaxFileBytes {
		return File{}, nil, apperr.New(apperr.TooLarge, "file_too_large", MsgFileTooLarge)
	}
	if len(data) == 0 {
		return File{}, nil, apperr.New(apperr.Invalid, "no_file", MsgNoFile)
	}
	contentType, ext, kind, err := sniff(data)
	if err != nil {
		return File{}, nil, err
	}
	if kind != "" {
		if data, err = imaging.Clean(ctx, data, kind); err != nil {
			if errors.Is(err, imaging.ErrBusy) {
				return File{}, nil, apperr.New(apperr.Unavailable, "busy", MsgBusy)
			}
			return File{}, nil, apperr.New(apperr.Invalid, "bad_file_type", MsgFileType)
		}
	}
	sum := sha256.Sum256(data)
	return File{ID: uuid.NewString(), Filename: cleanFilename(filename, ext), ContentType: contentType,
		Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:]), UploadedAt: s.now()}, data, nil
}

// OpenFile opens a file of one of the landlord's certificates.
func (s *Service) OpenFile(ctx context.Context, a session.Actor, certID, fileID string) (io.ReadCloser, File, error) {
	c, err := s.owned(ctx, a, certID)
	if err != nil {
		return nil, File{}, err
	}
	f, err := fileOf(ctx, s.d.DB.Conn(), c.ID, fileID)
	if err != nil {
		return nil, File{}, err
	}
	rc, _, err := s.d.Files.Get(ctx, f.StorageKey)
	if err != nil {
		return nil, File{}, apperr.Wrap(err, "open certificate file")
	}
	return rc, f, nil
}

// DeleteFile removes a file of one of the landlord's certificates.
func (s *Service) DeleteFile(ctx context.Context, a session.Actor, certID, fileID string) error {
	c, err := s.owned(ctx, a, certID)
	if err != nil {
		return err
	}
	f, err := fileOf(ctx, s.d.DB.Conn(), c.ID, fileID)
	if err != nil {
		return err
	}
	if err := deleteFile(ctx, s.d.DB.Conn(), f.ID); err != nil {
		return err
	}
	if err := s.d.Files.Delete(ctx, f.StorageKey); err != nil {
		s.d.Log.Warn("certificate file not removed", "key", f.StorageKey, "err", err)
	}
	return nil
}

// CheckUpload reads and checks a file another area keeps (a deposit's
// protection certificate, a quote or an invoice) as a certificate's file
// is checked: PDF, JPEG or PNG judged by content, at most 10 MB, a photo
// cleaned of its metadata. It gives the name to show, the type, the
// SHA-256 and the bytes to store.
func (s *Service) CheckUpload(ctx context.Context, filename string, r io.Reader) (name, contentType, sha256 string, data []byte, err error) {
	f, data, err := s.prepareFile(ctx, filename, r)
	if err != nil {
		return "", "", "", nil, err
	}
	return f.Filename, f.ContentType, f.SHA256, data, nil
}
