package httpx

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
)

// MsgUploadCutShort answers an upload whose multipart body ends early (a
// dropped connection, a client that sent less than it said).
const MsgUploadCutShort = "The upload was cut short. Please try again."

// UploadedFile streams the first multipart part named field, without
// buffering the form (nothing is written to disk). noFile is the message when
// there is none; tooLarge when the body passes the request's size cap (see
// WithBodyLimit), answered 413 image_too_large. A body that ends before its
// closing boundary is the client's fault: 400 bad_upload, never a 500, both
// while looking for the part and while its bytes are read.
func UploadedFile(r *http.Request, field, noFile, tooLarge string) (io.Reader, error) {
	_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || params["boundary"] == "" || r.Body == nil {
		return nil, apperr.New(apperr.Invalid, "no_file", noFile)
	}
	// The multipart reader answers a plain io.EOF both at the closing
	// boundary and for a body cut inside a part's headers; watching for the
	// closing boundary in the bytes read tells the two apart.
	end := &endWatcher{r: r.Body, marker: []byte("--" + params["boundary"] + "--")}
	r.Body = io.NopCloser(end)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, apperr.New(apperr.Invalid, "no_file", noFile)
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF && !end.seen {
			err = io.ErrUnexpectedEOF
		}
		if err == io.EOF {
			return nil, apperr.New(apperr.Invalid, "no_file", noFile)
		}
		if err != nil {
			return nil, uploadError(err, noFile, tooLarge)
		}
		if part.FormName() == field {
			return &partReader{part: part, name: part.FileName(), noFile: noFile, tooLarge: tooLarge}, nil
		}
		_ = part.Close()
	}
}

// endWatcher passes reads through and notes whether the closing boundary
// went by (searching across read boundaries).
type endWatcher struct {
	r      io.Reader
	marker []byte
	carry  []byte
	seen   bool
}

func (e *endWatcher) Read(b []byte) (int, error) {
	n, err := e.r.Read(b)
	if !e.seen && n > 0 {
		buf := append(e.carry, b[:n]...)
		if bytes.Contains(buf, e.marker) {
			e.seen, e.carry = true, nil
		} else {
			keep := min(len(buf), len(e.marker)-1)
			e.carry = append(e.carry[:0:0], buf[len(buf)-keep:]...)
		}
	}
	return n, err
}

// uploadError turns a failure to read a multipart body into the client's
// error. The cause is kept (errors.As still finds an *http.MaxBytesError).
func uploadError(err error, noFile, tooLarge string) error {
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		e := apperr.New(apperr.TooLarge, "image_too_large", tooLarge)
		e.Err = err
		return e
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		e := apperr.New(apperr.Invalid, "bad_upload", MsgUploadCutShort)
		e.Err = err
		return e
	}
	// Anything else the multipart reader refuses is malformed framing.
	e := apperr.New(apperr.Invalid, "bad_upload", noFile)
	e.Err = err
	return e
}

// partReader reads one part; its errors other than the part's own io.EOF
// are the client's (see uploadError).
type partReader struct {
	part             io.Reader
	name             string
	noFile, tooLarge string
}

// UploadedFileName is the file name the browser gave a file UploadedFile
// returned (only ever shown back to its uploader, never used as a path),
// or "" for any other reader.
func UploadedFileName(r io.Reader) string {
	if p, ok := r.(*partReader); ok {
		return p.name
	}
	return ""
}

func (p *partReader) Read(b []byte) (int, error) {
	n, err := p.part.Read(b)
	if err != nil && err != io.EOF {
		err = uploadError(err, p.noFile, p.tooLarge)
	}
	return n, err
}

// WriteFile streams a stored file with its type and length. nosniff makes
// the browser trust the checked content type, never guess from the bytes.
func WriteFile(w http.ResponseWriter, body io.Reader, contentType string, size int64) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if size >= 0 {
		w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	}
	_, _ = io.Copy(w, body)
}

// WriteDownload sends a document the server made (a PDF) as a file the
// browser saves under name; it is private and never cached.
func WriteDownload(w http.ResponseWriter, name, contentType string, b []byte) error {
	w.Header().Set("Content-Disposition", `attachment; filename="`+strings.ReplaceAll(name, `"`, "")+`"`)
	w.Header().Set("Cache-Control", "private, no-store")
	WriteFile(w, bytes.NewReader(b), contentType, int64(len(b)))
	return nil
}
