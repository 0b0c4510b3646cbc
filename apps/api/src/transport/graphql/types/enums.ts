import { INVOICE_KINDS, INVOICE_STATUSES } from '@switchyard/domain/transport/billing/invoice-vocabulary';
import { TRANSPORT_NEEDS, TRIP_TYPES } from '@switchyard/domain/transport/billing/rates';
import { REGISTRATION_STATUSES } from '@switchyard/domain/transport/billing/schemas';
import { ROUTE_MODES, ROUTE_STATUSES } from '@switchyard/domain/transport/operations/schemas';
import { builder } from '../builder.ts';

/** The domain vocabularies, one GraphQL enum each; values are spelled exactly as stored and as REST answers them. */

export const RouteModeEnum = builder.enumType('RouteMode', { values: ROUTE_MODES });
export const RouteStatusEnum = builder.enumType('RouteStatus', { values: ROUTE_STATUSES });
export const RegistrationStatusEnum = builder.enumType('RegistrationStatus', { values: REGISTRATION_STATUSES });
export const TransportNeedEnum = builder.enumType('TransportNeed', { values: TRANSPORT_NEEDS });
export const TripTypeEnum = builder.enumType('TripType', { values: TRIP_TYPES });
export const InvoiceKindEnum = builder.enumType('InvoiceKind', { values: INVOICE_KINDS });
export const InvoiceStatusEnum = builder.enumType('InvoiceStatus', { values: INVOICE_STATUSES });
