/**
 * How long the refetches and receipts that live events ask for wait, ms. An event rarely comes
 * alone (a message brings the balance and a receipt), so one refetch answers the burst; and the
 * write that a screen waits on gets the device to itself instead of sharing it with list refetches.
 * A module of its own, without browser types, so the chat bench can name it too.
 */
export const FOLLOW_UP_DELAY_MS = 120;
