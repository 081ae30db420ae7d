"""Every route of the specification (section 2), with text its prerendered HTML must contain."""

TOP_LEVEL = {
    "/": "Sell tickets, validate entrances and run events on Onebox",
    "/blog": "Onebox developer blog",
    "/blog/archive": "Archive",
    "/blog/tags": "Tags",
    "/blog/tags/onebox": 'tagged with "onebox"',
    "/blog/tags/welcome": 'tagged with "welcome"',
    "/blog/welcome": "Welcome to the Onebox developer portal",
    "/docs/tags": "Tags",
    "/docs/tags/errors": '3 docs tagged with "errors"',
    "/docs/tags/google-tag-manager": '2 docs tagged with "Google Tag Manager"',
    "/contact/": "Contact",
    "/contact/contact-side-content": "Support at a glance",
    "/faq": "Frequently asked questions",
    "/spec": "OpenAPI specifications",
    "/specification/": "API reference",
    "/specification/catalog": "Catalog API",
    "/specification/orders": "Orders Management API",
    "/specification/access-control": "Access Control API",
    "/specification/management": "Management API",
    "/specification/customers": "Customers Management API",
    "/specification/distribution": "Distribution API",
    "/widget-tests": "Widget tests",
}

SIDEBAR_DOCS = [
    "/docs/",
    "/docs/analytics/analytics-intro", "/docs/analytics/analytics-events",
    "/docs/analytics/analytics-gtm", "/docs/analytics/analytics-sgtm",
    "/docs/api-catalog/tutorials/error-codes", "/docs/api-catalog/tutorials/event-detail",
    "/docs/api-catalog/tutorials/event-sessions", "/docs/api-catalog/tutorials/events",
    "/docs/api-catalog/tutorials/session-detail", "/docs/api-catalog/tutorials/sessions",
    "/docs/api-customers-mgmt/tutorials/search-buyers",
    "/docs/api-distribution/error-codes", "/docs/api-distribution/purchase-flow",
    "/docs/api-faq",
    "/docs/api-orders-mgmt/tutorials/get-order-details-by-order-code",
    "/docs/api-orders-mgmt/tutorials/get-purchases-by-time-range",
    "/docs/api-orders-mgmt/tutorials/get-refunds-by-time-range",
    "/docs/api-orders-mgmt/tutorials/refund-order-items",
    "/docs/authentication/", "/docs/authentication/access-control-clients",
    "/docs/authentication/event-and-channel-managers", "/docs/authentication/seller-channel-clients",
    "/docs/certification",
    "/docs/environments",
    "/docs/widget/", "/docs/widget/installation", "/docs/widget/simulator", "/docs/widget/v2/simulator",
]

TUTORIALS = [
    "add-attendant-data", "add-automatic-cart-promotion", "add-discount", "add-group-cart-promotion",
    "add-promotion", "add-seats", "apply-insurance", "apply-rate", "booking-flow", "booking-to-purchase",
    "certification-process", "error-codes", "event-info", "event-search",
    "get-available-promotions-discounts", "purchase-flow", "session-info", "shopping-cart-details",
    "tickets-pdf",
]
OUTSIDE_SIDEBAR_DOCS = [f"/docs/api/tutorials/{t}" for t in TUTORIALS] + [
    "/docs/certification_readme", "/docs/webhooks/webhooks-info",
]

DOCS = SIDEBAR_DOCS + OUTSIDE_SIDEBAR_DOCS
ALL_ROUTES = list(TOP_LEVEL) + DOCS
