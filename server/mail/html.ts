// Text a mail's HTML part quotes (names, addresses, links) is escaped, so an account's name cannot add markup.
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
