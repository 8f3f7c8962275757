import { useEffect } from 'react';
import { message, Modal } from 'antd';
import { bindFeedback } from '../feedback';

/** Loaded on the first message or dialog (see platform/feedback.ts): antd's holders, in context. */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    bindFeedback({ message: messageApi, modal: modalApi });
    return () => bindFeedback(null);
  }, [messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
