package wallet

// ForgetBooks empties the in-memory copies (tests measure the first read).
func (s *Service) ForgetBooks() {
	s.books.mu.Lock()
	s.books.byID = nil
	s.books.mu.Unlock()
}

// PauseAfterInvoiceFile makes every invoice upload run f between writing
// its file and the row that names it (the crash test's kill point).
func PauseAfterInvoiceFile(f func()) { afterInvoiceFile = f }
