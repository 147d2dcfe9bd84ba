import { Toast } from 'antd-mobile';

import { TOAST_DURATION_MS } from '../config/app';

Toast.config({ duration: TOAST_DURATION_MS });

export { Toast };
