package app

import "github.com/omnirent/omnirent/internal/apperr"

var notFound = apperr.New(apperr.NotFound, "not_found", "Not found.")
