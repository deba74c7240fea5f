// How a server-rendered page tells the server its HTTP status: the 404 view marks the render as "not found" (an
// unknown path, or a detail whose item does not exist or is a draft), a page of something withdrawn for good (a
// revoked certificate) as "gone" (410). The browser has no such context.
import { createContext, useContext } from 'react';

export interface PageStatus {
  markNotFound(): void;
  markGone(): void;
}

export const PageStatusContext = createContext<PageStatus | null>(null);

export function useMarkNotFound(): void {
  useContext(PageStatusContext)?.markNotFound();
}

export function useMarkGone(): void {
  useContext(PageStatusContext)?.markGone();
}
