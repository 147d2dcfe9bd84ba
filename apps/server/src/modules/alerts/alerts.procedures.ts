import type { HandlersFor } from '../../gateway/procedure-registry.js';
import { callerIdOf } from '../../gateway/procedure-registry.js';
import type { AlertsService } from './alerts.service.js';

type AlertProcedure =
  | 'appalert_msrv/alert_list'
  | 'appalert_msrv/alert_create'
  | 'appalert_msrv/alert_update'
  | 'appalert_msrv/alert_delete'
  | 'appalert_msrv/alert_firing_list';

export function alertProcedures(alerts: AlertsService): HandlersFor<AlertProcedure> {
  return {
    'appalert_msrv/alert_list': (_input, context) => alerts.list(callerIdOf(context), context.language),
    'appalert_msrv/alert_create': (input, context) =>
      alerts.create(callerIdOf(context), input, context.language),
    'appalert_msrv/alert_update': (input, context) =>
      alerts.update(callerIdOf(context), input, context.language),
    'appalert_msrv/alert_delete': (input, context) => alerts.remove(callerIdOf(context), input.id),
    'appalert_msrv/alert_firing_list': (input, context) =>
      alerts.firingPage(callerIdOf(context), input, context.language),
  };
}
