/** A path segment as the clouds' SDKs write an id (a model, a project, a location): `:`, `@` and `.` stay, the rest a path cannot hold is escaped (RFC 3986 pchar). */
export const pathSegment = (id: string) => id.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]+/g, encodeURIComponent);
