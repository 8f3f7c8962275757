import { message as staticMessage, Modal as StaticModal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * Message and modal functions usable outside React (the API client). `<FeedbackBridge>`
 * swaps in the context-aware instances of `App.useApp()` so theme and locale apply.
 */
export const feedback: { message: MessageInstance; modal: ModalHookAPI } = {
  message: staticMessage,
  modal: StaticModal as unknown as ModalHookAPI,
};

export function bindFeedback(message: MessageInstance, modal: ModalHookAPI) {
  feedback.message = message;
  feedback.modal = modal;
}
